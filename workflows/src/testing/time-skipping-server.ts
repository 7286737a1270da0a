import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { freePort } from '@atendo/testing/ports';

/** The launcher `node scripts/setup.mjs temporal-test-server` installs (or $TEMPORAL_TEST_SERVER_PATH). */
export function timeSkippingServerPath(): string {
  const candidates = [
    process.env.TEMPORAL_TEST_SERVER_PATH,
    path.join(os.homedir(), '.cache', 'atendo', 'bin', 'temporal-test-server'),
  ];
  const found = candidates.find((file): file is string => !!file && fs.existsSync(file));
  if (!found)
    throw new Error(
      'Temporal test server not found: run `node scripts/setup.mjs temporal-test-server` or set TEMPORAL_TEST_SERVER_PATH',
    );
  return found;
}

/** A time-skipping test environment over a Java test server this process started and owns. */
export interface TimeSkippingEnvironment {
  env: TestWorkflowEnvironment;
  stop(): Promise<void>;
}

/** The SDK's own constructor over an existing server, keeping time skipping on. */
type CreateEnvironment = (options: {
  supportsTimeSkipping: boolean;
  server: { type: 'existing' };
  address: string;
  namespace: string;
}) => Promise<TestWorkflowEnvironment>;

/**
 * Starts Temporal's Java time-skipping test server on a free loopback port and connects a
 * time-skipping test environment to it. The SDK's `createTimeSkipping` can run the same launcher
 * but gives a server 5 s to come up, while a JVM on a busy two-core machine takes 10 s or more;
 * so the server is started here, with a generous wait, and handed to the SDK as an existing one
 * (its `create` with time skipping on is what `createTimeSkipping` calls after starting one).
 */
export async function startTimeSkippingEnvironment(
  timeoutMs = 120_000,
): Promise<TimeSkippingEnvironment> {
  const port = await freePort();
  const child = spawn(timeSkippingServerPath(), [String(port), '--enable-time-skipping'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const address = `127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`temporal test server exited with ${child.exitCode}: ${stderr}`);
    try {
      const connection = await Connection.connect({ address, connectTimeout: 1000 });
      try {
        await connection.workflowService.getSystemInfo({});
        break;
      } finally {
        await connection.close();
      }
    } catch (error) {
      if (Date.now() > deadline) {
        await stopChild(child);
        throw new Error(
          `temporal test server not ready after ${timeoutMs} ms: ${(error as Error).message}\n${stderr}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  const create = (TestWorkflowEnvironment as unknown as { create: CreateEnvironment }).create.bind(
    TestWorkflowEnvironment,
  );
  const env = await create({
    supportsTimeSkipping: true,
    server: { type: 'existing' },
    address,
    namespace: 'default',
  });
  return {
    env,
    async stop() {
      await env.teardown();
      await stopChild(child);
    },
  };
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
