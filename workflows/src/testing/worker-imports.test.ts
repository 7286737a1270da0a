import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const WORKFLOWS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ROOT = path.resolve(WORKFLOWS, '..');

/**
 * The worker is the Temporal edge over the business core (docs/architecture.md#layers): what
 * its entry loads, followed through every workspace package, holds no file of the api (the
 * HTTP and Socket.IO edge) and no web-server library.
 */
describe('the worker', () => {
  it('loads the core and none of the api, Express or Socket.IO', async () => {
    const external = new Set<string>();
    const result = await build({
      entryPoints: [path.join(WORKFLOWS, 'src/worker.ts')],
      absWorkingDir: ROOT,
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'node',
      logLevel: 'silent',
      plugins: [
        {
          name: 'record-npm-packages',
          setup(b) {
            b.onResolve({ filter: /^[^./]/ }, (args) => {
              if (args.path.startsWith('@atendo/')) return undefined;
              const name = args.path.startsWith('@')
                ? args.path.split('/').slice(0, 2).join('/')
                : args.path.split('/')[0]!;
              external.add(name);
              return { path: args.path, external: true };
            });
          },
        },
      ],
    });
    // Paths from the repository's root (esbuild's working directory).
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((f) => f.startsWith('packages/core/src/'))).toBe(true);
    expect(inputs.filter((f) => f.startsWith('api/'))).toEqual([]);
    const web = ['express', 'multer', 'socket.io', 'cors', 'cookie-parser', 'express-rate-limit'];
    expect([...external].filter((p) => web.includes(p))).toEqual([]);
  });
});
