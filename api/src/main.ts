import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '@atendo/core/config.js';
import { createLogger } from '@atendo/core/logger.js';
import type { EmbeddedDb } from '@atendo/core/db/embedded.js';
import { startApi } from './server.js';

/** The JWT secret: configured, or (outside production) generated once and kept under DATA_DIR. */
function resolveSecret(
  configured: string | undefined,
  dataDir: string,
  production: boolean,
): string {
  if (configured) return configured;
  if (production) throw new Error('JWT_SECRET is required in production');
  const file = path.resolve(dataDir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  let embedded: EmbeddedDb | undefined;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    // Loaded only for the embedded default: an api given a database never holds the package.
    const { startEmbeddedPostgres } = await import('@atendo/core/db/embedded.js');
    embedded = await startEmbeddedPostgres({
      dir: path.join(config.DATA_DIR, 'pg'),
      port: config.EMBEDDED_PG_PORT,
      database: 'atendo',
    });
    databaseUrl = embedded.url('atendo');
    logger.info({ port: embedded.port }, 'embedded PostgreSQL started');
  }
  const api = await startApi({
    config,
    databaseUrl,
    migrationDatabaseUrl: config.MIGRATION_DATABASE_URL,
    jwtSecret: resolveSecret(config.JWT_SECRET, config.DATA_DIR, config.NODE_ENV === 'production'),
    logger,
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping api');
    // The drain (API_DRAIN_MS) plus a few seconds to close the rest; then give up.
    const force = setTimeout(() => process.exit(1), config.API_DRAIN_MS + 5_000);
    force.unref();
    await api.close().catch((err) => logger.error({ err }, 'api close failed'));
    await embedded?.stop().catch((err) => logger.error({ err }, 'embedded PostgreSQL stop failed'));
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
