// Bundles the api into dist/ (esbuild, about a second) so it runs as plain JavaScript, as in
// its container, instead of through tsx (which keeps its compiler and every transformed source
// in memory: tens of MB). The workspace packages (@atendo/*, TypeScript sources) are bundled;
// npm packages stay external and load from node_modules as they do under tsx: from api/dist
// they resolve api's own node_modules first, which is why api/package.json also lists the
// packages the core needs at a version the root does not hold (lru-cache).
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  bundle: true,
  splitting: true,
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
