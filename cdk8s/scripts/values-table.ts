/**
 * Prints the Markdown table of every `## @param` in charts/atendo/values.yaml with its default,
 * for charts/atendo/README.md (`npx tsx cdk8s/scripts/values-table.ts`). A test checks the README
 * lists every value.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';

/** charts/atendo/values.yaml. */
export const VALUES_FILE = fileURLToPath(new URL('../../charts/atendo/values.yaml', import.meta.url));

/** One documented value. */
export interface ValueDoc {
  section: string;
  name: string;
  description: string;
  default: unknown;
}

/** Every `@param` of values.yaml, by section, with its default from the parsed file. */
export function documentedValues(file = VALUES_FILE): ValueDoc[] {
  const text = fs.readFileSync(file, 'utf8');
  const values = yaml.load(text) as Record<string, unknown>;
  const docs: ValueDoc[] = [];
  let section = '';
  for (const line of text.split('\n')) {
    const s = /^## @section (.+)$/.exec(line);
    if (s) section = s[1];
    const p = /^## @param (\S+) (.+)$/.exec(line);
    if (p) {
      const value = p[1].split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], values);
      docs.push({ section, name: p[1], description: p[2], default: value });
    }
  }
  return docs;
}

/** Leaf paths of values.yaml (objects that are empty maps count as leaves). */
export function valueLeaves(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0) {
    return Object.entries(value).flatMap(([k, v]) => valueLeaves(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

/** The README tables. */
export function valuesMarkdown(docs = documentedValues()): string {
  const out: string[] = [];
  let section = '';
  for (const d of docs) {
    if (d.section !== section) {
      section = d.section;
      out.push('', `### ${section}`, '', '| Name | Description | Default |', '| --- | --- | --- |');
    }
    out.push(`| \`${d.name}\` | ${d.description.replace(/\|/g, '\\|')} | \`${JSON.stringify(d.default)}\` |`);
  }
  return out.join('\n').trimStart();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  console.log(valuesMarkdown());
}
