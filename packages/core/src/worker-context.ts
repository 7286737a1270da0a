import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { loadConfig, type Config } from './config.js';
import type { AppContext } from './context.js';
import { openScopedDataSource } from './db/data-source.js';
import { DomainEventBus } from './modules/events.js';
import { createSocketEmitter } from './events/socket-emitter.js';
import { registerSocketEmitterListeners } from './modules/billing/realtime.js';
import { createLogger, type Logger } from './logger.js';
import { createTokenService } from './access/tokens.js';
import type { ChannelRegistry } from './channels/channel-adapter.js';
import { createChannelRegistry } from './modules/channel-registry.js';
import { createProcessGateway, type ProcessGateway } from './processes/process-gateway.js';
import { registerModuleListeners } from './modules/listeners.js';
import { withNumberPolicy } from './modules/contacts/number-policy.js';
import { realtimeCheckOn, withRealtimeCheck } from './events/pushes.js';
import { companyHidesNumbers } from './modules/contacts/number-masking.js';
import { noTenantCache } from './db/tenant-cache.js';
import { NoSessionRuntime } from './sessions/session-runtime.js';

/** The business core as a process without HTTP runs it (the Temporal worker, benches, tests). */
export interface WorkerContext {
  ctx: AppContext;
  close(): Promise<void>;
}

/**
 * Builds the context the worker's activities call the use cases with: the same configuration,
 * tenant-scoped data source, channels and process gateway as the api. Domain events published
 * here are pushed to the console through the PostgreSQL socket emitter, by the same listeners
 * the api registers, so a workflow's change looks exactly like a request's. Sessions belong to
 * the api: a side effect on them goes through the outbox.
 */
export async function createWorkerContext(options: {
  databaseUrl: string;
  env?: NodeJS.ProcessEnv;
  config?: Config;
  logger?: Logger;
  /** An already open runtime data source (tests); otherwise one is opened and closed here. */
  ds?: DataSource;
  channels?: ChannelRegistry;
  processes?: ProcessGateway;
}): Promise<WorkerContext> {
  const config = options.config ?? loadConfig(options.env ?? process.env);
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const ds = options.ds ?? (await openScopedDataSource(options.databaseUrl));
  const events = new DomainEventBus((err, event) =>
    logger.error({ err, event }, 'event listener failed'),
  );
  const ctx: AppContext = {
    config,
    ds,
    logger,
    // The worker issues no token; a service is required by the context's type only.
    tokens: createTokenService(
      config.JWT_SECRET ?? randomBytes(32).toString('hex'),
      config.ACCESS_TOKEN_TTL,
    ),
    events,
    sessions: new NoSessionRuntime(),
    channels: options.channels ?? { for: () => ({}) as never },
    processes: options.processes ?? createProcessGateway(config, logger),
    // The worker serves no requests; what it writes reaches the api's caches by NOTIFY.
    cache: noTenantCache,
  };
  ctx.channels = options.channels ?? createChannelRegistry(ctx);
  // The worker's pushes leave under the same LGPD hide-number policy as the api's.
  const policed = withNumberPolicy(
    createSocketEmitter(options.databaseUrl),
    (companyId) => companyHidesNumbers(ctx, companyId),
    (err, companyId) => logger.warn({ err, companyId }, 'socket push failed'),
  );
  // Under CHECK_REALTIME every push is checked against its declaration as it is made.
  const emitter = realtimeCheckOn(config) ? withRealtimeCheck(policed) : policed;
  registerSocketEmitterListeners(events, emitter);
  registerModuleListeners(ctx, emitter);
  return {
    ctx,
    async close() {
      if (!options.processes) await ctx.processes.close();
      await emitter.close();
      if (!options.ds) await ds.destroy();
    },
  };
}
