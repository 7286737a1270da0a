import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_NODE_FLAGS } from '../node-flags.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('the api process flags', () => {
  it("are the api container's command too, before its entry", () => {
    const dockerfile = fs.readFileSync(path.join(ROOT, 'e2e/kind/Dockerfile.api'), 'utf8');
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(cmd!)).toEqual(['node', ...API_NODE_FLAGS, 'api/dist/main.mjs']);
  });

  it('are accepted by node', async () => {
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync(
      process.execPath,
      [...API_NODE_FLAGS, '-e', 'console.log(require("v8").getHeapStatistics().heap_size_limit)'],
      { encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    // The old-space ceiling (plus the young generation) is the process's heap limit.
    expect(Number(run.stdout) / 2 ** 20).toBeLessThan(300);
  });
});
