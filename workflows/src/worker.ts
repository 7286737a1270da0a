import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import {
  DefaultLogger,
  NativeConnection,
  Runtime,
  Worker,
  type LogEntry,
} from '@temporalio/worker';
import { pino } from 'pino';
import { createWorkerContext, TemporalProcessGateway } from '@atendo/core';
import { createActivities } from './activities.js';
import { ensureBillingSchedule } from './billing/schedule.js';
import { ensureCompanyStorageSchedule } from './company-storage/schedule.js';
import { startResumeLoop } from './resume.js';
import { loadConfig } from './config.js';
import { TASK_QUEUE } from './shared.js';

const config = loadConfig();
const logger = pino({ level: config.LOG_LEVEL, base: { service: 'worker' } });

/** Sends the SDK's own logs (worker, workflow and activity loggers) through pino. */
function forwardToPino(entry: LogEntry): void {
  const level =
    entry.level === 'WARN'
      ? 'warn'
      : (entry.level.toLowerCase() as 'trace' | 'debug' | 'info' | 'error');
  logger[level](entry.meta ?? {}, entry.message);
}

/** Retries `connect` while the server is still coming up (the dev server, a fresh cluster). */
async function withRetry<T>(what: string, connect: () => Promise<T>, attempts = 30): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await connect();
    } catch (error) {
      if (attempt >= attempts) throw error;
      logger.warn(
        { attempt, err: (error as Error).message },
        `${what} not reachable yet, retrying`,
      );
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/**
 * The workflow code for the sandbox: the bundle `npm run build -w @atendo/workflows` wrote beside
 * this file when the worker runs from its own bundle (dist/main.mjs: `npm start`, the image),
 * else the sources, which the SDK bundles at start (tsx, tests).
 */
function workflowCode(): { workflowBundle: { codePath: string } } | { workflowsPath: string } {
  const built = fileURLToPath(new URL('./workflow-bundle.js', import.meta.url));
  if (fs.existsSync(built)) return { workflowBundle: { codePath: built } };
  return { workflowsPath: fileURLToPath(new URL('./workflows.ts', import.meta.url)) };
}

async function main(): Promise<void> {
  // Shutdown is ours (below), so the SDK does not install its own signal handlers.
  Runtime.install({
    logger: new DefaultLogger(config.LOG_LEVEL === 'trace' ? 'TRACE' : 'INFO', forwardToPino),
    shutdownSignals: [],
  });

  const address = config.TEMPORAL_ADDRESS;
  const connection = await withRetry('Temporal', () => NativeConnection.connect({ address }));
  const clientConnection = await Connection.connect({ address });
  const client = new Client({ connection: clientConnection, namespace: config.TEMPORAL_NAMESPACE });

  // The business core as the api runs it (same configuration, row-level security, channels),
  // with the gateway over this worker's client; events reach the console's sockets through
  // the PostgreSQL emitter. Activities name their platform scope inside the use cases.
  const { ctx, close: closeContext } = await withRetry('PostgreSQL', () =>
    createWorkerContext({
      databaseUrl: config.DATABASE_URL,
      logger,
      processes: new TemporalProcessGateway({
        address,
        namespace: config.TEMPORAL_NAMESPACE,
        logger,
        client,
      }),
    }),
  );
  const worker = await Worker.create({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: TASK_QUEUE,
    ...workflowCode(),
    activities: createActivities({ ctx }),
    // A stop lets running activities (a send, a batch) finish before they are cancelled.
    shutdownGraceTime: config.WORKER_DRAIN_MS,
  });

  const billing = await ensureBillingSchedule(client, {
    timeZone: config.BILLING_TIME_ZONE,
    hour: config.BILLING_HOUR,
  });
  logger.info(
    { scheduleId: 'billing-sweep', hour: config.BILLING_HOUR, timeZone: config.BILLING_TIME_ZONE },
    `Billing schedule ${billing}`,
  );
  const storage = await ensureCompanyStorageSchedule(client);
  logger.info({ scheduleId: 'company-storage-sweep' }, `Company storage schedule ${storage}`);
  // What the database says should run: at start and then every RESUME_INTERVAL_MS, in the
  // background while the worker polls, so what the api could not start during a Temporal
  // outage starts once Temporal is back, without a worker restart.
  const resuming = startResumeLoop({ ctx, client, intervalMs: config.RESUME_INTERVAL_MS });

  // Worker.run resolves once shutdown() has drained in-flight tasks.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (worker.getState() !== 'RUNNING') return;
      logger.info({ signal }, 'worker stopping');
      worker.shutdown();
    });
  }
  logger.info(
    { address, namespace: config.TEMPORAL_NAMESPACE, taskQueue: TASK_QUEUE },
    'worker running',
  );
  try {
    await worker.run();
  } finally {
    await resuming.stop();
    await closeContext();
    await clientConnection.close();
    await connection.close();
    logger.info('worker stopped');
  }
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'worker failed');
  process.exitCode = 1;
});
