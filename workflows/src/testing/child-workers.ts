// Test-only: PostgreSQL, a Temporal dev server and workers in their own processes (worker-child.ts),
// for the tests that SIGKILL a worker in the middle of a process and start another.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import { bundleWorkflowCode } from '@temporalio/worker';
import { startTestDatabase, type TestDatabase } from './postgres.js';
import { startTemporalDevServer, type TemporalDevServer } from './temporal-dev-server.js';

/** One send as the child's channel recorded it. */
export interface ChildSend {
  messageId: string;
  number: string;
  body: string;
}

export interface ChildWorkers {
  db: TestDatabase;
  server: TemporalDevServer;
  client: Client;
  /** A worker in its own process (HANG_AT and the like in `env`); resolves once it polls. */
  start(env?: Record<string, string>): Promise<ChildProcess>;
  /** SIGKILLs a worker and waits for it to be gone. */
  kill(child: ChildProcess): Promise<void>;
  /** Every send any worker's channel took so far, in order. */
  sends(): ChildSend[];
  stop(): Promise<void>;
}

/** Starts the database and the server and bundles the workflows once, for one test file. */
export async function startChildWorkers(): Promise<ChildWorkers> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atendo-child-workers-'));
  const bundlePath = path.join(dir, 'workflows.js');
  const sendsFile = path.join(dir, 'sends.jsonl');
  const bundle = bundleWorkflowCode({
    workflowsPath: fileURLToPath(new URL('../workflows.ts', import.meta.url)),
    logger: { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} },
  });
  const [db, server] = await Promise.all([startTestDatabase(), startTemporalDevServer()]);
  fs.writeFileSync(bundlePath, (await bundle).code);
  const connection = await Connection.connect({ address: server.address });
  const client = new Client({ connection });
  const children: ChildProcess[] = [];

  return {
    db,
    server,
    client,
    async start(env = {}) {
      const child = fork(fileURLToPath(new URL('./worker-child.ts', import.meta.url)), {
        execArgv: ['--import', 'tsx'],
        env: {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          SESSION_RUNTIME: 'none',
          DATA_DIR: dir,
          UPLOAD_DIR: path.join(dir, 'public'),
          DATABASE_URL: db.url,
          TEMPORAL_ADDRESS: server.address,
          WORKFLOW_BUNDLE: bundlePath,
          SENDS_FILE: sendsFile,
          ...env,
        },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.push(child);
      await new Promise<void>((resolve, reject) => {
        child.once('message', () => resolve());
        child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
      });
      return child;
    },
    async kill(child) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const died = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await died;
    },
    sends: () =>
      fs.existsSync(sendsFile)
        ? fs
            .readFileSync(sendsFile, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l) as ChildSend)
        : [],
    async stop() {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
      await connection.close();
      await server.stop();
      await db.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
