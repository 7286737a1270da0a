import { compactTicketCounts } from '@atendo/core/modules/tickets/ticket-counts.js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '@atendo/core/config.js';
import type { AppContext } from '@atendo/core/context.js';
import { openMigrationDataSource, openScopedDataSource } from '@atendo/core/db/data-source.js';
import { asPlatform, withCompany } from '@atendo/core/db/tenant-scope.js';
import { seed, type DemoSeed } from '@atendo/core/seed.js';
import { DomainEventBus } from '@atendo/core/modules/events.js';
import { startOutboxDrain } from '@atendo/core/events/outbox.js';
import { runIntegration } from '@atendo/core/modules/queue-integrations/run-integration.js';
import { answerWithPrompt } from '@atendo/core/modules/prompts/answer-with-prompt.js';
import { startTenantCache, TENANT_CACHE_EVENTS } from '@atendo/core/db/tenant-cache.js';
import { createChannelRegistry } from '@atendo/core/modules/channel-registry.js';
import {
  LocalChannelAdapter,
  singleAdapterRegistry,
  type ChannelRegistry,
} from '@atendo/core/channels/channel-adapter.js';
import { resumePendingSends } from '@atendo/core/modules/messages/resume-pending-sends.js';
import { allowedOrigins, createApp } from './app.js';
import { createRequestGate } from './http/request-gate.js';
import { createLogger, type Logger } from '@atendo/core/logger.js';
import { createTokenService } from '@atendo/core/access/tokens.js';
import { createRealtime, sweepPresence, type Realtime } from './realtime/server.js';
import { registerRealtimeListeners } from './realtime/listeners.js';
import { stopCompanySessions } from '@atendo/core/modules/billing/stop-company-sessions.js';
import {
  createProcessGateway,
  type ProcessGateway,
} from '@atendo/core/processes/process-gateway.js';
import { createSessionRuntime } from '@atendo/core/sessions/create-session-runtime.js';
import { NoSessionRuntime, type SessionRuntime } from '@atendo/core/sessions/session-runtime.js';
import { issueSessionCredentials } from '@atendo/core/modules/connections/issue-session-credentials.js';

/**
 * Migrates and seeds over the migration role, under an advisory lock so replicas starting
 * together (rollouts, autoscaling) take turns: one migrates and seeds, the others then find
 * nothing left to do.
 */
async function migrateAndSeed(
  url: string,
  o: { adminEmail: string; adminPassword: string; demo: DemoSeed; logger: Logger },
): Promise<void> {
  const ds = await openMigrationDataSource(url);
  const runner = ds.createQueryRunner();
  try {
    await runner.connect();
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await asPlatform('migrate-and-seed', async () => {
      const ran = await ds.runMigrations({ transaction: 'each' });
      if (ran.length) o.logger.info({ migrations: ran.map((m) => m.name) }, 'migrations applied');
      await seed(ds, { adminEmail: o.adminEmail, adminPassword: o.adminPassword, demo: o.demo });
    });
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await runner.release();
    await ds.destroy();
  }
}

/** What SEED_DEMO asks for (see config.ts). */
function demoSeedOf(config: Config): DemoSeed {
  if (config.SEED_DEMO === 'accounts') return 'accounts';
  if (config.SEED_DEMO) return config.SEED_DEMO === 'true' ? 'full' : 'none';
  return config.NODE_ENV === 'production' ? 'none' : 'full';
}

/** The advisory lock that serialises migrations and seeding across api replicas. */
const MIGRATION_LOCK_KEY = 727_001;

export interface RunningApi {
  url: string;
  port: number;
  ctx: AppContext;
  realtime: Realtime;
  close(): Promise<void>;
}

/**
 * Builds and starts one api process over `databaseUrl`: data source (migrated when asked),
 * HTTP routes, Socket.IO with the PostgreSQL adapter, event listeners, presence sweep.
 */
export async function startApi(options: {
  config: Config;
  databaseUrl: string;
  jwtSecret: string;
  logger?: Logger;
  seedDemo?: DemoSeed;
  /** Overrides the runtime SESSION_RUNTIME picks (tests). */
  sessions?: SessionRuntime;
  /** Overrides the channel adapters (tests). */
  channels?: ChannelRegistry;
  /** Overrides the process gateway TEMPORAL_ADDRESS picks (tests). */
  processes?: ProcessGateway;
  /** The role that migrates, when it differs from the runtime role (MIGRATION_DATABASE_URL). */
  migrationDatabaseUrl?: string;
}): Promise<RunningApi> {
  const { config } = options;
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  if (config.MIGRATE_ON_START === 'true') {
    await migrateAndSeed(options.migrationDatabaseUrl ?? options.databaseUrl, {
      adminEmail: config.ADMIN_EMAIL,
      adminPassword: config.ADMIN_PASSWORD,
      demo: options.seedDemo ?? demoSeedOf(config),
      logger,
    });
  }
  // Every query of this process runs as a role row-level security applies to, scoped to the
  // caller's company (tenant-scope.ts); platform paths name their bypass.
  const ds = await openScopedDataSource(options.databaseUrl);
  const events = new DomainEventBus((err, event) =>
    logger.error({ err, event }, 'event listener failed'),
  );
  let port = config.PORT;
  const ctx: AppContext = {
    config,
    ds,
    logger,
    tokens: createTokenService(options.jwtSecret, config.ACCESS_TOKEN_TTL),
    events,
    sessions: new NoSessionRuntime(),
    channels: singleAdapterRegistry(new LocalChannelAdapter()),
    processes: options.processes ?? createProcessGateway(config, logger),
    cache: startTenantCache({
      databaseUrl: options.databaseUrl,
      ttlMs: config.TENANT_CACHE_TTL_MS ?? (config.NODE_ENV === 'test' ? 0 : 10_000),
      onError: (err) => logger.warn({ err }, 'tenant cache listener failed; caching paused'),
    }),
  };
  // This process's own writes drop what it cached of the company before their answer leaves.
  for (const event of TENANT_CACHE_EVENTS)
    events.on(event, ({ companyId }) => ctx.cache.invalidate(companyId));
  ctx.channels = options.channels ?? createChannelRegistry(ctx);
  ctx.sessions =
    options.sessions ??
    (await createSessionRuntime({
      config,
      logger,
      apiUrl: () => `http://127.0.0.1:${port}`,
      // A session (re)started by a timer or a restart belongs to no request: name the path.
      issueToken: (connectionId) =>
        asPlatform(
          'session-runtime',
          async () => (await issueSessionCredentials(ctx, { connectionId })).token,
        ),
    }));
  const app = createApp(ctx);
  const gate = createRequestGate();
  const server = http.createServer(gate.wrap(app));
  const realtime = createRealtime(ctx, server, options.databaseUrl, allowedOrigins(ctx));
  registerRealtimeListeners(ctx, realtime);
  // Side effects other processes (the worker's billing) committed for the api to carry out.
  const outbox = startOutboxDrain({
    ds,
    databaseUrl: options.databaseUrl,
    handlers: {
      'company.deactivated': (p) => withCompany(p.companyId, () => stopCompanySessions(ctx, p)),
      'bot.prompt': (p) => withCompany(p.companyId, () => answerWithPrompt(ctx, p)),
      'bot.integration': (p) => withCompany(p.companyId, () => runIntegration(ctx, p)),
    },
    // The bots' providers may take up to OPENAI_CHAT_TIMEOUT_MS / INTEGRATION_TIMEOUT_MS: their
    // rows run detached (at most once, a bounded number of each at a time), so a slow provider
    // never holds the round, the rows behind it, nor the other bot's slots.
    detached: {
      'bot.prompt': config.BOT_PROMPT_CONCURRENCY,
      'bot.integration': config.BOT_INTEGRATION_CONCURRENCY,
    },
    onError: (err, at) => logger.error({ err, ...at }, 'outbox side effect failed'),
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  // Outbound messages stored but never taken by their channel (the process stopped between).
  void resumePendingSends(ctx).catch((err) =>
    logger.error({ err }, 'resuming pending sends failed'),
  );
  const sweep = setInterval(
    () => {
      asPlatform('presence-sweep', () => sweepPresence(ctx, config.PRESENCE_STALE_MS)).catch(
        (err) => logger.warn({ err }, 'presence sweep failed'),
      );
    },
    Math.min(60_000, config.PRESENCE_STALE_MS),
  );
  sweep.unref();
  const fold = setInterval(() => {
    compactTicketCounts(ds).catch((err) => logger.warn({ err }, 'folding ticket counts failed'));
  }, config.TICKET_COUNTS_COMPACT_MS);
  fold.unref();
  logger.info({ port }, `api listening on http://localhost:${port}`);

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    ctx,
    realtime,
    async close() {
      clearInterval(sweep);
      clearInterval(fold);
      // A graceful stop (docs/operations.md#stopping-and-rolling): no new connections, requests inside
      // (inbound batches, sends, webhooks) finish within API_DRAIN_MS while new ones on kept-alive
      // connections are refused with 503 for a retry elsewhere; then the rest closes.
      server.close();
      const { unfinished } = await gate.drain(config.API_DRAIN_MS);
      if (unfinished) logger.warn({ unfinished }, 'requests still running at the end of the drain');
      server.closeIdleConnections();
      await outbox.close();
      await ctx.cache.close();
      await ctx.sessions.close();
      if (!options.processes) await ctx.processes.close();
      // io.close() closes the HTTP server too, which waits for open connections (keep-alive
      // clients, sockets): drop them so shutdown does not hang on a client.
      const closing = realtime.close();
      server.closeAllConnections();
      await closing;
      await ds.destroy();
    },
  };
}
