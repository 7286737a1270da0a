/**
 * Console bundle benchmark (issue 23): how much JavaScript the browser fetches for the login
 * page and for the tickets screen. Builds the console into a temporary directory (or reads the
 * build in `BENCH_CONSOLE_DIST`, e.g. `web/dist`), reads Vite's `.vite/manifest.json` and, for each
 * route, follows the chunks the browser loads: the entry with its static imports, then the
 * route's lazily loaded pages with theirs. Prints each chunk of a route and the route's total,
 * raw and gzip (zlib level 9, as a server's precompressed assets would be). Figures only;
 * nothing is asserted (the target is ≤ 300 kB gzip for each). Run:
 *   npm run bench:console -w @atendo/bench
 *   BENCH_CONSOLE_DIST=web/dist npm run bench:console -w @atendo/bench
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** One entry of Vite's build manifest (only what this bench reads). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * What each measured route renders besides the entry: the lazily loaded modules of
 * `web/src/routes.tsx` on that path (a private page also renders the shell around it).
 */
const ROUTES: { label: string; pages: string[] }[] = [
  { label: 'login (/login)', pages: ['src/features/auth/login-page.tsx'] },
  {
    label: 'tickets (/tickets)',
    pages: ['src/features/shell/app-shell.tsx', 'src/features/tickets/tickets-page.tsx'],
  },
];

/** Builds the console into a fresh temporary directory and returns it. */
function buildConsole(): string {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atendo-console-bench-'));
  console.log(`building the console into ${outDir} …`);
  const started = Date.now();
  const run = spawnSync(
    'npm',
    ['run', 'build', '-w', '@atendo/web', '--', '--outDir', outDir, '--emptyOutDir'],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (run.status !== 0) throw new Error(`console build failed (exit ${run.status})`);
  console.log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return outDir;
}

/** The manifest keys of `keys` and everything they import statically, in load order. */
function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...seen];
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function main() {
  const given = process.env.BENCH_CONSOLE_DIST;
  const dist = given ? path.resolve(ROOT, given) : buildConsole();
  try {
    report(dist);
  } finally {
    if (!given) fs.rmSync(dist, { recursive: true, force: true });
  }
}

/** Prints every route's chunks and totals for the build in `dist`. */
function report(dist: string) {
  const manifestPath = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath))
    throw new Error(`${manifestPath} is missing: build the console with build.manifest on`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('the manifest has no entry chunk');

  const sizes = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (!size) {
      const bytes = fs.readFileSync(path.join(dist, file));
      size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      sizes.set(file, size);
    }
    return size;
  };

  console.log(`\nconsole build: ${dist}`);
  const allJs = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file, i, files) => file.endsWith('.js') && files.indexOf(file) === i);
  const whole = allJs.reduce((sum, file) => sum + sizeOf(file).gzip, 0);
  console.log(`${allJs.length} JavaScript chunks, ${kB(whole)} gzip in all (gzip: zlib level 9)`);

  const totals: string[] = [];
  for (const route of ROUTES) {
    for (const page of route.pages)
      if (!manifest[page]?.isDynamicEntry)
        throw new Error(`${page} is not a lazily loaded chunk of the build`);
    const files = staticClosure(manifest, [entry, ...route.pages])
      .map((key) => manifest[key]!.file)
      .filter((file) => file.endsWith('.js'));
    let raw = 0;
    let gzip = 0;
    console.log(`\n${route.label}: ${files.length} chunks`);
    for (const file of [...files].sort((a, b) => sizeOf(b).gzip - sizeOf(a).gzip)) {
      const size = sizeOf(file);
      raw += size.raw;
      gzip += size.gzip;
      console.log(
        `  ${file.padEnd(48)} ${kB(size.raw).padStart(10)} ${kB(size.gzip).padStart(10)}`,
      );
    }
    console.log(`  ${'total'.padEnd(48)} ${kB(raw).padStart(10)} ${kB(gzip).padStart(10)} gzip`);
    totals.push(`${route.label} ${kB(gzip)}`);
  }
  console.log(`\nJavaScript a page loads, gzip: ${totals.join(', ')} (target ≤ 300 kB each)`);
}

main();
