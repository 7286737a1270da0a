import type { Client } from '@temporalio/client';
import { PROCESS_TASK_QUEUE, type ProcessGateway } from '@atendo/domain/processes';
import type { Logger } from '../logger.js';

export type { ProcessGateway };

/** No Temporal configured (api tests, an api without TEMPORAL_ADDRESS): every call answers false. */
export class NoProcessGateway implements ProcessGateway {
  async start(): Promise<boolean> {
    return false;
  }
  async signal(): Promise<boolean> {
    return false;
  }
  async signalWithStart(): Promise<boolean> {
    return false;
  }
  async query<T>(): Promise<T | undefined> {
    return undefined;
  }
  async cancel(): Promise<boolean> {
    return false;
  }
  async close(): Promise<void> {}
}

/**
 * The answers that are not trouble: a workflow already running (a start that found it) or none
 * running (a signal, query or cancel that found nothing). By name: the SDK is loaded lazily.
 */
function isExpected(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'WorkflowExecutionAlreadyStartedError' || name === 'WorkflowNotFoundError';
}

/**
 * The gateway over a Temporal server. It connects on first use and again after a failure, so an
 * api that starts before Temporal (or outlives a restart of it) needs no ordering. Trouble is
 * logged and answered as false: the database already holds the state the caller changed, and
 * the worker's periodic resume pass starts what should run once Temporal answers again
 * (docs/operations.md#durable-processes), so nothing here retries or queues.
 */
export class TemporalProcessGateway implements ProcessGateway {
  private client: Promise<Client> | null = null;

  constructor(
    private readonly options: {
      address: string;
      namespace: string;
      logger: Logger;
      taskQueue?: string;
      /** An existing client (tests, the worker's): used as is and never closed here. */
      client?: Client;
    },
  ) {
    if (options.client) this.client = Promise.resolve(options.client);
  }

  private connect(): Promise<Client> {
    // The SDK (gRPC and its protobufs, ~35 MB resident) loads with the first call, so an api
    // without Temporal never pays for it.
    this.client ??= import('@temporalio/client')
      .then(async ({ Client, Connection }) => {
        const connection = await Connection.connect({
          address: this.options.address,
          connectTimeout: 3000,
        });
        return new Client({ connection, namespace: this.options.namespace });
      })
      .catch((error: unknown) => {
        this.client = null;
        throw error;
      });
    return this.client;
  }

  private async attempt<T>(
    what: string,
    workflowId: string,
    fallback: T,
    run: (client: Client) => Promise<T>,
  ): Promise<T> {
    try {
      return await run(await this.connect());
    } catch (error) {
      if (isExpected(error)) return fallback;
      this.options.logger.warn({ err: error, workflowId }, `temporal ${what} failed`);
      return fallback;
    }
  }

  start(
    name: string,
    workflowId: string,
    args: unknown[],
    options: { restart?: boolean } = {},
  ): Promise<boolean> {
    return this.attempt('start', workflowId, false, async (client) => {
      await client.workflow.start(name, {
        taskQueue: this.options.taskQueue ?? PROCESS_TASK_QUEUE,
        workflowId,
        args,
        workflowIdConflictPolicy: options.restart ? 'TERMINATE_EXISTING' : 'FAIL',
      });
      return true;
    });
  }

  signal(workflowId: string, signal: string, args: unknown[] = []): Promise<boolean> {
    return this.attempt('signal', workflowId, false, async (client) => {
      await client.workflow.getHandle(workflowId).signal(signal, ...args);
      return true;
    });
  }

  signalWithStart(
    name: string,
    workflowId: string,
    signal: string,
    signalArgs: unknown[],
    args: unknown[],
  ): Promise<boolean> {
    return this.attempt('signalWithStart', workflowId, false, async (client) => {
      await client.workflow.signalWithStart(name, {
        taskQueue: this.options.taskQueue ?? PROCESS_TASK_QUEUE,
        workflowId,
        args,
        signal,
        signalArgs,
      });
      return true;
    });
  }

  query<T>(workflowId: string, query: string, args: unknown[] = []): Promise<T | undefined> {
    return this.attempt<T | undefined>('query', workflowId, undefined, (client) =>
      client.workflow.getHandle(workflowId).query<T, unknown[]>(query, ...args),
    );
  }

  cancel(workflowId: string): Promise<boolean> {
    return this.attempt('cancel', workflowId, false, async (client) => {
      await client.workflow.getHandle(workflowId).cancel();
      return true;
    });
  }

  async close(): Promise<void> {
    if (this.options.client || !this.client) return;
    const pending = this.client;
    this.client = null;
    await pending.then((c) => c.connection.close()).catch(() => {});
  }
}

/** The gateway a process's configuration asks for: Temporal when TEMPORAL_ADDRESS is set. */
export function createProcessGateway(
  config: { TEMPORAL_ADDRESS?: string; TEMPORAL_NAMESPACE: string },
  logger: Logger,
): ProcessGateway {
  return config.TEMPORAL_ADDRESS
    ? new TemporalProcessGateway({
        address: config.TEMPORAL_ADDRESS,
        namespace: config.TEMPORAL_NAMESPACE,
        logger,
      })
    : new NoProcessGateway();
}
