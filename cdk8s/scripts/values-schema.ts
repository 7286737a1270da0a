/**
 * Writes charts/atendo/values.schema.json from charts/atendo/values.yaml (`npm run values-schema`).
 *
 * values.yaml is the source: every value carries a Bitnami-style comment
 * (`## @param path Description`, `## @section Title`, `## @skip path`), and its type comes from
 * its default. Objects whose keys are documented one by one are closed
 * (`additionalProperties: false`), so a misspelt key fails `helm install` instead of being
 * ignored. What a comment cannot say (enums, patterns, bounds, required keys, item shapes, maps)
 * lives in values-schema.overrides.yaml beside this file, keyed by value path, where `*` stands
 * for any one key. A test fails when the committed schema is not what this script writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import { VALUES_FILE, documentedValues } from './values-table.js';

/** charts/atendo/values.schema.json. */
export const SCHEMA_FILE = fileURLToPath(
  new URL('../../charts/atendo/values.schema.json', import.meta.url),
);
/** The constraints the `@param` comments cannot express. */
export const OVERRIDES_FILE = fileURLToPath(
  new URL('./values-schema.overrides.yaml', import.meta.url),
);

/** The JSON Schema subset this generator writes. */
export interface JsonSchema {
  $schema?: string;
  title?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  required?: string[];
  [keyword: string]: unknown;
}

type Overrides = Record<string, JsonSchema>;

interface Docs {
  params: Map<string, string>;
  skipped: Set<string>;
}

function readDocs(file: string): Docs {
  const params = new Map(documentedValues(file).map((d) => [d.name, d.description]));
  const skipped = new Set<string>();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const skip = /^## @skip (\S+)/.exec(line);
    if (skip) skipped.add(skip[1]!);
  }
  return { params, skipped };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON Schema type of a default value (null says nothing about the type). */
function typeOf(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'object') return 'object';
  return typeof value;
}

/** `*` matches any one key. */
function matches(pattern: string, valuePath: string): boolean {
  const p = pattern.split('.');
  const v = valuePath.split('.');
  return p.length === v.length && p.every((segment, i) => segment === '*' || segment === v[i]);
}

function describedBy(docs: Docs, valuePath: string): boolean {
  const prefix = `${valuePath}.`;
  return [...docs.params.keys(), ...docs.skipped].some(
    (p) => p === valuePath || p.startsWith(prefix),
  );
}

function schemaOf(value: unknown, valuePath: string, docs: Docs, overrides: Overrides): JsonSchema {
  let node: JsonSchema = {};
  const description = docs.params.get(valuePath);
  if (docs.skipped.has(valuePath)) {
    // Accepted as is, neither documented nor checked.
  } else if (description !== undefined) {
    const type = typeOf(value);
    if (type) node.type = type;
    node.description = description;
    // A non-empty list of one primitive type types its items.
    if (Array.isArray(value) && value.length > 0) {
      const itemTypes = new Set(value.map(typeOf));
      const [itemType] = itemTypes;
      if (itemTypes.size === 1 && itemType && itemType !== 'object' && itemType !== 'array') {
        node.items = { type: itemType };
      }
    }
  } else if (isObject(value) && Object.keys(value).length > 0) {
    const properties: Record<string, JsonSchema> = {};
    for (const [key, child] of Object.entries(value)) {
      const childPath = valuePath ? `${valuePath}.${key}` : key;
      if (!describedBy(docs, childPath)) {
        throw new Error(`${childPath} in values.yaml has no ## @param (or ## @skip) comment`);
      }
      properties[key] = schemaOf(child, childPath, docs, overrides);
    }
    node = { type: 'object', properties, additionalProperties: false };
  } else {
    throw new Error(`${valuePath || 'values.yaml'} has no ## @param (or ## @skip) comment`);
  }
  for (const [pattern, override] of Object.entries(overrides)) {
    if (matches(pattern, valuePath)) node = { ...node, ...override };
  }
  return node;
}

/** The schema values.yaml and the overrides describe. */
export function generateValuesSchema(
  valuesFile = VALUES_FILE,
  overridesFile = OVERRIDES_FILE,
): JsonSchema {
  const values = yaml.load(fs.readFileSync(valuesFile, 'utf8'));
  if (!isObject(values)) throw new Error(`${valuesFile} is not a YAML mapping`);
  const overrides = (yaml.load(fs.readFileSync(overridesFile, 'utf8')) ?? {}) as Overrides;
  const docs = readDocs(valuesFile);
  for (const name of docs.params.keys()) {
    const exists = name
      .split('.')
      .reduce<unknown>((o, k) => (isObject(o) && k in o ? o[k] : undefined), values);
    if (exists === undefined) throw new Error(`## @param ${name} names no value in values.yaml`);
  }
  const unused = Object.keys(overrides).filter(
    (pattern) => pattern !== '' && !docs.params.has(pattern) && !hasMatch(values, pattern),
  );
  if (unused.length) throw new Error(`overrides for no value: ${unused.join(', ')}`);
  const root = schemaOf(values, '', docs, overrides);
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Atendo chart values',
    ...root,
  };
}

function hasMatch(values: unknown, pattern: string, prefix = ''): boolean {
  if (!isObject(values)) return false;
  return Object.entries(values).some(([key, child]) => {
    const p = prefix ? `${prefix}.${key}` : key;
    return matches(pattern, p) || hasMatch(child, pattern, p);
  });
}

/** The file content: the schema as 2-space JSON with a final newline. */
export function valuesSchemaContent(schema = generateValuesSchema()): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  fs.writeFileSync(SCHEMA_FILE, valuesSchemaContent());
  console.log(`wrote ${path.relative(process.cwd(), SCHEMA_FILE)}`);
}
