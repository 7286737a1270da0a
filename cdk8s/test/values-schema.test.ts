import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { VALUES_FILE } from '../scripts/values-table.js';
import {
  OVERRIDES_FILE,
  SCHEMA_FILE,
  generateValuesSchema,
  valuesSchemaContent,
} from '../scripts/values-schema.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atendo-values-schema-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** values.yaml with `edit` applied, written to a temp file. */
function valuesWith(edit: (text: string) => string): string {
  const file = path.join(dir, `values-${Math.random().toString(36).slice(2)}.yaml`);
  fs.writeFileSync(file, edit(fs.readFileSync(VALUES_FILE, 'utf8')));
  return file;
}

describe('charts/atendo/values.schema.json', () => {
  it('is what `npm run values-schema` writes from values.yaml', () => {
    expect(
      fs.readFileSync(SCHEMA_FILE, 'utf8'),
      'values.schema.json is stale: run `npm run values-schema`',
    ).toBe(valuesSchemaContent());
  });

  it('takes types and descriptions from the defaults and @param comments', () => {
    const schema = generateValuesSchema();
    const api = schema.properties!.api!;
    expect(api.additionalProperties).toBe(false);
    expect(api.properties!.replicaCount).toEqual({
      type: 'integer',
      description: 'Replicas when autoscaling is off',
      minimum: 0,
    });
    expect(api.properties!.migrateOnStart).toMatchObject({ type: 'boolean' });
    expect(schema.properties!.config!.properties!.logLevel!.enum).toContain('info');
  });

  it('refuses a value without a @param comment, and a @param without a value', () => {
    const undocumented = valuesWith((t) =>
      t.replace('  migrateOnStart: true\n', '  migrateOnStart: true\n  surprise: 1\n'),
    );
    expect(() => generateValuesSchema(undocumented, OVERRIDES_FILE)).toThrow(
      /api\.surprise .*no ## @param/,
    );
    const dangling = valuesWith((t) => t.replace('  migrateOnStart: true\n', ''));
    expect(() => generateValuesSchema(dangling, OVERRIDES_FILE)).toThrow(
      /@param api\.migrateOnStart names no value/,
    );
  });

  it('accepts a @skip value as it is', () => {
    const skipped = valuesWith((t) =>
      t
        .replace('\napi:\n', '\n## @skip api.internal\napi:\n')
        .replace(
          '  migrateOnStart: true\n',
          '  migrateOnStart: true\n  internal: { any: [thing] }\n',
        ),
    );
    expect(
      generateValuesSchema(skipped, OVERRIDES_FILE).properties!.api!.properties!.internal,
    ).toEqual({});
  });
});
