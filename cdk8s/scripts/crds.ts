/** Writes charts/atendo/crds/*.yaml from the CRD source in src/crds (the chart's only CRD source). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { allCrds } from '../src/crds/index.js';
import { crdFileContent } from '../src/yaml.js';

/** Where the chart keeps its CRDs. */
export const CHART_CRDS_DIR = fileURLToPath(new URL('../../charts/atendo/crds/', import.meta.url));

/** File name → content of every generated CRD file. */
export function generatedCrdFiles(): Map<string, string> {
  return new Map(allCrds().map((crd) => [`${crd.metadata.name}.yaml`, crdFileContent(crd)]));
}

function main(): void {
  fs.mkdirSync(CHART_CRDS_DIR, { recursive: true });
  const files = generatedCrdFiles();
  for (const stale of fs.readdirSync(CHART_CRDS_DIR)) {
    if (!files.has(stale)) fs.rmSync(path.join(CHART_CRDS_DIR, stale));
  }
  for (const [name, content] of files) {
    fs.writeFileSync(path.join(CHART_CRDS_DIR, name), content);
    console.log(`wrote ${path.relative(process.cwd(), path.join(CHART_CRDS_DIR, name))}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
