// Builds the worker as it runs in its container and under `npm start`: plain JavaScript, no
// tsx and no bundler at start.
// - dist/main.mjs: the worker (esbuild, about a second). The workspace packages (@atendo/*,
//   TypeScript sources: the business core it imports) are bundled; npm packages stay external.
// - dist/workflow-bundle.js: the workflow code for Temporal's sandbox, bundled once here
//   (`bundleWorkflowCode`) instead of by every worker start (`workflowsPath`), which ran
//   webpack in the worker's own process and kept its memory.
import { build } from 'esbuild';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';

const outdir = process.argv[2] ?? 'dist';

/** The workspace's own copy of package `name` for a file in `dir` (not the root's), if any. */
function nestedCopy(dir, name) {
  const root = path.resolve('..');
  for (let d = dir; d.startsWith(root) && d !== root; d = path.dirname(d)) {
    if (d.split(path.sep).includes('node_modules')) return undefined;
    const candidate = path.join(d, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
  }
  return undefined;
}

/** The file an ESM `import` of `specifier` loads from the package at `pkgDir` (its exports' import condition). */
function esmEntryOf(pkgDir, specifier) {
  const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  const sub =
    specifier.includes('/') && !specifier.startsWith('@')
      ? `./${specifier.split('/').slice(1).join('/')}`
      : '.';
  let entry =
    typeof pkg.exports === 'object'
      ? (pkg.exports[sub] ?? (sub === '.' ? pkg.exports : undefined))
      : undefined;
  for (let i = 0; entry && typeof entry === 'object' && i < 5; i++)
    entry = entry.import ?? entry.node ?? entry.default;
  if (typeof entry !== 'string') entry = sub === '.' ? (pkg.module ?? pkg.main) : undefined;
  return entry ? path.join(pkgDir, entry) : undefined;
}

await build({
  entryPoints: ['src/worker.ts'],
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outdir,
  entryNames: 'main',
  outExtension: { '.js': '.mjs' },
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [
    {
      // npm packages stay external. A workspace may keep its own copy of a package (npm nests
      // one when versions differ: api/node_modules/lru-cache): such an import points at that
      // copy by a relative path, since from dist/ the bare name would find the root's.
      name: 'npm-packages-external',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.path.startsWith('@atendo/')) return undefined;
          const name = args.path.startsWith('@')
            ? args.path.split('/').slice(0, 2).join('/')
            : args.path.split('/')[0];
          const own = nestedCopy(args.resolveDir, name);
          if (!own) return { path: args.path, external: true };
          const file = createRequire(path.join(own, 'package.json')).resolve(args.path);
          const esm = esmEntryOf(own, args.path) ?? file;
          const relative = path.relative(path.resolve(outdir), esm).split(path.sep).join('/');
          return { path: relative.startsWith('.') ? relative : `./${relative}`, external: true };
        });
      },
    },
  ],
});

const { code } = await bundleWorkflowCode({
  workflowsPath: path.resolve('src/workflows.ts'),
  logger: { trace() {}, debug() {}, info() {}, warn: console.warn, error: console.error, log() {} },
});
fs.writeFileSync(path.join(outdir, 'workflow-bundle.js'), code);
