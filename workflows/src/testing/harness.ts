import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client } from '@temporalio/client';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { freePort } from '@atendo/testing/ports';
import {
  createLogger,
  createWorkerContext,
  LocalChannelAdapter,
  loadConfig,
  singleAdapterRegistry,
  TemporalProcessGateway,
  type AppContext,
  type ChannelRegistry,
  type RecordedSend,
} from '@atendo/core';
import { createActivities } from '../activities.js';
import { resumeProcesses, startResumeLoop, type ResumeLoop, type ResumeResult } from '../resume.js';
import { TASK_QUEUE } from '../shared.js';
import { startTestDatabase, type TestDatabase } from './postgres.js';
import { startTemporalDevServer, type TemporalDevServer } from './temporal-dev-server.js';
import { startTimeSkippingEnvironment } from './time-skipping-server.js';

/** Everything a workflow test needs, over real PostgreSQL and a real Temporal server. */
export interface ProcessHarness {
  db: TestDatabase;
  env: TestWorkflowEnvironment;
  /** env.client: with time skipping, awaiting a result skips time while the workflow waits. */
  client: Client;
  /** The worker's business-core context; its `processes` reach this Temporal server. */
  ctx: AppContext;
  /** The channel every connection sends through: what reached "the customer". */
  channel: LocalChannelAdapter;
  sends: RecordedSend[];
  worker: Worker;
  /** Runs the worker's resume steps, as a worker start does. */
  resume(): Promise<ResumeResult>;
  /** The worker's resume loop, with `resumeIntervalMs`. */
  resumeLoop: ResumeLoop | null;
  /** With `restartableTemporal`: stops the Temporal server (an outage; its state is kept). */
  stopTemporal(): Promise<void>;
  /** With `restartableTemporal`: brings it back on the same address with its state. */
  startTemporal(): Promise<void>;
  stop(): Promise<void>;
}

function installRuntime(): void {
  try {
    Runtime.install({ logger: new DefaultLogger('WARN') });
  } catch {
    // Installed already by an earlier harness of this test file.
  }
}

/**
 * Starts a migrated PostgreSQL, a Temporal server (the Java time-skipping test server with
 * `timeSkipping`, else the dev server in real time) and a worker running every workflow and
 * activity of `workflows/`, with every channel replaced by a recording local adapter.
 * One per test file: the worker bundles the workflows, which takes a few seconds.
 */
export async function startProcessHarness(
  options: {
    timeSkipping?: boolean;
    channels?: ChannelRegistry;
    env?: Record<string, string>;
    /** The dev server on a fixed port with its state on disk, so a test can stop and restart it. */
    restartableTemporal?: boolean;
    /** Runs the worker's resume loop (as the worker does) every this many ms. */
    resumeIntervalMs?: number;
  } = {},
): Promise<ProcessHarness> {
  installRuntime();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atendo-workflows-test-'));
  const devServer = options.restartableTemporal
    ? { port: await freePort(), dbFile: path.join(dir, 'temporal.db') }
    : {};
  let server: TemporalDevServer | null = null;
  const [db, temporal] = await Promise.all([
    startTestDatabase(),
    options.timeSkipping
      ? startTimeSkippingEnvironment()
      : startTemporalDevServer(60_000, devServer).then(async (started) => {
          server = started;
          const env = await TestWorkflowEnvironment.createFromExistingServer({
            address: started.address,
          });
          return {
            env,
            async stop() {
              await env.teardown();
              await server?.stop();
            },
          };
        }),
  ]);
  const { env } = temporal;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    UPLOAD_DIR: path.join(dir, 'public'),
    SESSION_RUNTIME: 'none',
    DATABASE_URL: db.url,
    ...options.env,
  });
  const channel = new LocalChannelAdapter();
  const logger = createLogger(config.LOG_LEVEL);
  const { ctx, close } = await createWorkerContext({
    databaseUrl: db.url,
    config,
    logger,
    ds: db.scoped,
    channels: options.channels ?? singleAdapterRegistry(channel),
    processes: new TemporalProcessGateway({
      address: env.address,
      namespace: 'default',
      logger,
      client: env.client,
    }),
  });
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue: TASK_QUEUE,
    workflowsPath: fileURLToPath(new URL('../workflows.ts', import.meta.url)),
    activities: createActivities({ ctx }),
  });
  const running = worker.run();
  const resumeLoop =
    options.resumeIntervalMs === undefined
      ? null
      : startResumeLoop({
          ctx,
          client: env.client,
          intervalMs: options.resumeIntervalMs,
          downProbeMs: options.resumeIntervalMs,
        });
  return {
    db,
    env,
    client: env.client,
    ctx,
    channel,
    sends: channel.sent,
    worker,
    resume: () => resumeProcesses(ctx),
    resumeLoop,
    async stopTemporal() {
      if (!options.restartableTemporal) throw new Error('the harness Temporal is not restartable');
      await server?.stop();
      server = null;
    },
    async startTemporal() {
      if (!options.restartableTemporal) throw new Error('the harness Temporal is not restartable');
      server = await startTemporalDevServer(60_000, devServer);
    },
    async stop() {
      await resumeLoop?.stop();
      worker.shutdown();
      await running.catch(() => {});
      await close();
      await temporal.stop();
      await db.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
