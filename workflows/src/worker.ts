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
import {
  createSocketEmitter,
  EventBus,
  openScopedDataSource,
  registerSocketEmitterListeners,
} from '@atendo/api/core';
import { createActivities } from './activities.js';
import { ensureBillingSchedule } from './billing/schedule.js';
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

async function main(): Promise<void> {
  // Shutdown is ours (below), so the SDK does not install its own signal handlers.
  Runtime.install({
    logger: new DefaultLogger(config.LOG_LEVEL === 'trace' ? 'TRACE' : 'INFO', forwardToPino),
    shutdownSignals: [],
  });

  // The business core's data source, under row-level security like the api's; activities
  // name their platform scope (asPlatform('billing')) inside the use cases.
  const ds = await withRetry('PostgreSQL', () => openScopedDataSource(config.DATABASE_URL));
  // Domain events published here reach the console through the api's Socket.IO adapter.
  const events = new EventBus((err, event) =>
    logger.error({ err, event }, 'event listener failed'),
  );
  const emitter = createSocketEmitter(config.DATABASE_URL);
  registerSocketEmitterListeners(events, emitter);

  const address = config.TEMPORAL_ADDRESS;
  const connection = await withRetry('Temporal', () => NativeConnection.connect({ address }));
  const worker = await Worker.create({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: TASK_QUEUE,
    workflowsPath: fileURLToPath(new URL('./workflows.ts', import.meta.url)),
    activities: createActivities({ ds, events }),
  });

  const clientConnection = await Connection.connect({ address });
  const client = new Client({ connection: clientConnection, namespace: config.TEMPORAL_NAMESPACE });
  const billing = await ensureBillingSchedule(client, {
    timeZone: config.BILLING_TIME_ZONE,
    hour: config.BILLING_HOUR,
  });
  logger.info(
    { scheduleId: 'billing-sweep', hour: config.BILLING_HOUR, timeZone: config.BILLING_TIME_ZONE },
    `Billing schedule ${billing}`,
  );

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
    await clientConnection.close();
    await connection.close();
    await emitter.close();
    await ds.destroy();
    logger.info('worker stopped');
  }
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'worker failed');
  process.exitCode = 1;
});
