import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { freePort } from '@atendo/testing/ports';
import { stopChild } from './time-skipping-server.js';

/** A Temporal dev server started for a test file. */
export interface TemporalDevServer {
  address: string;
  stop(): Promise<void>;
}

/** The temporal CLI: $TEMPORAL_CLI_PATH (set by `npm test`), the setup's cache, or PATH. */
export function temporalCliPath(): string {
  const candidates = [
    process.env.TEMPORAL_CLI_PATH,
    path.join(os.homedir(), '.cache', 'atendo', 'bin', 'temporal'),
    ...(process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, 'temporal')),
  ];
  const found = candidates.find((file): file is string => !!file && fs.existsSync(file));
  if (!found)
    throw new Error(
      'temporal CLI not found: run `node scripts/setup.mjs temporal` or set TEMPORAL_CLI_PATH',
    );
  return found;
}

/**
 * Starts `temporal server start-dev` (headless; in memory unless `dbFile`) on `port` or a free
 * one and resolves once the default namespace answers. We start it ourselves rather than
 * through @temporalio/testing, whose 5 s startup wait is too short on a busy two-core machine.
 * The same `port` and `dbFile` again bring a stopped server back with its state (an outage).
 */
export async function startTemporalDevServer(
  timeoutMs = 60_000,
  options: { port?: number; dbFile?: string } = {},
): Promise<TemporalDevServer> {
  const port = options.port ?? (await freePort());
  const child = spawn(
    temporalCliPath(),
    [
      'server',
      'start-dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--headless',
      '--log-level',
      'error',
      ...(options.dbFile ? ['--db-filename', options.dbFile] : []),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const address = `127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`temporal dev server exited with ${child.exitCode}: ${stderr}`);
    try {
      const connection = await Connection.connect({ address, connectTimeout: 1000 });
      try {
        await connection.workflowService.describeNamespace({ namespace: 'default' });
        break;
      } finally {
        await connection.close();
      }
    } catch (error) {
      if (Date.now() > deadline) {
        await stopChild(child);
        throw new Error(
          `temporal dev server not ready after ${timeoutMs} ms: ${(error as Error).message}\n${stderr}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return { address, stop: () => stopChild(child) };
}
