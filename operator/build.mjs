// Bundles the operator into dist/ (esbuild, under a second) so its container runs plain
// JavaScript instead of tsx, whose compiler and transformed sources held about 100 MiB of the
// operator's 256 MiB limit in the single-node cluster (docs/operations.md#local-cluster). The
// workspace packages (@atendo/*, TypeScript sources) are bundled; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outdir: process.argv[2] ?? 'dist',
  outExtension: { '.js': '.mjs' },
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [
    {
      name: 'npm-packages-external',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@atendo/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
