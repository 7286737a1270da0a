import type { DataSource } from 'typeorm';
import type { Config } from './config.js';
import type { Logger } from './logger.js';
import type { TokenService } from './access/tokens.js';
import type { DomainEventBus } from './modules/events.js';
import type { SessionRuntime } from './sessions/session-runtime.js';
import type { ChannelRegistry } from './channels/channel-adapter.js';
import type { ProcessGateway } from './processes/process-gateway.js';
import type { TenantCache } from './db/tenant-cache.js';

/** What every use case may depend on; built once per process in main.ts (or per test). */
export interface AppContext {
  config: Config;
  ds: DataSource;
  logger: Logger;
  tokens: TokenService;
  events: DomainEventBus;
  /** Where connection sessions run (local processes, Kubernetes, or nowhere). */
  sessions: SessionRuntime;
  /** Where outbound messages go, per channel (the local adapter until the channels land). */
  channels: ChannelRegistry;
  /** Durable processes on Temporal: start, signal, query and cancel workflows. */
  processes: ProcessGateway;
  /** The request path's reads kept between requests (a no-op outside the api). */
  cache: TenantCache;
}
