import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { loadConfig } from './config.js';
import { createControlServer, listen } from './control-server.js';
import { InternalApi } from './internal-api.js';
import { createLogger } from './logger.js';
import { LruMap } from './lru.js';
import { StatusReporter } from './status-reporter.js';
import { WhatsappSession } from './whatsapp.js';

/**
 * The per-connection session program (started by main.ts): one WhatsApp Web socket, its control server, and the
 * internal channel to the api. Runs as a child process of the api or as a session pod.
 */
const config = loadConfig(process.env);
const logger = createLogger(config.logLevel, {
  companyId: config.companyId,
  connectionId: config.connectionId,
});

process.on('unhandledRejection', (err) => {
  logger.fatal({ err }, 'unhandled rejection');
  process.exit(1);
});
process.on('uncaughtException', (err) => {
  logger.fatal({ err }, 'uncaught exception');
  process.exit(1);
});

// The secret the api presents to the control server; new on every start, sent with each report.
const controlKey = randomBytes(32).toString('base64url');
const api = new InternalApi(config.apiUrl, config.sessionToken);
const sent = new LruMap<string, Promise<string>>(5000);
let endpoint = '';
const reporter = new StatusReporter(api, () => ({ endpoint, controlKey }), logger);
const session = new WhatsappSession({
  api,
  reporter,
  logger,
  waUrl: config.waUrl,
  sent,
  spoolDir: config.spoolDir,
  maxMediaBytes: config.maxMediaBytes,
  spoolMaxBytes: config.spoolMaxBytes,
  waVersion: await waVersion(),
  // A refused token means the api gave the connection to a newer process: this one is stale.
  onTokenRefused: () => void shutdown('session token refused'),
});

/** The announced WhatsApp Web version: configured, asked of WhatsApp at start, or Baileys'. */
async function waVersion(): Promise<[number, number, number] | undefined> {
  if (config.waVersion !== 'latest') return config.waVersion;
  try {
    const { fetchLatestWaWebVersion } = await import('@whiskeysockets/baileys');
    const latest = await fetchLatestWaWebVersion({ signal: AbortSignal.timeout(10_000) });
    if (latest.isLatest) return latest.version as [number, number, number];
  } catch (err) {
    logger.warn({ err: String(err) }, 'could not fetch the WhatsApp Web version');
  }
  return undefined;
}

const server = createControlServer({
  controlKey,
  status: () => session.status(),
  socket: () => session.controlSocket(),
  contacts: () => session.contacts.list(),
  media: (file) => api.media(file),
  logout: () => session.logout(),
  logger,
  sent,
});
const port = await listen(server, config.port, config.host);
const host = config.host === '0.0.0.0' || config.host === '::' ? os.hostname() : config.host;
endpoint = config.advertiseUrl ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
logger.info({ endpoint, pid: process.pid }, 'control server listening');

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'stopping');
  const force = setTimeout(() => process.exit(0), config.drainMs + 5000);
  force.unref();
  reporter.stop();
  const stopped = await session.stop(config.drainMs).catch(() => ({ left: -1 }));
  if (stopped.left) logger.warn({ spooled: stopped.left }, 'events left for the next start');
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// Started by a local api with an IPC channel: the channel closes when that api dies, and an
// orphan session would only hold a connection whose token the next api rotates.
if (process.send) process.on('disconnect', () => void shutdown('parent api gone'));
process.on('SIGINT', () => void shutdown('SIGINT'));

session.start().catch((err) => {
  if (stopping) return;
  logger.fatal({ err: String(err) }, 'session failed to start');
  process.exit(1);
});
