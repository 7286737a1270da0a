// `npm run backup` and `npm run restore <archive>` (scripts/backup.mjs, scripts/restore.mjs run
// this through tsx): the same configuration as `npm start` (DATA_DIR, UPLOAD_DIR,
// PRIVATE_UPLOAD_DIR, DATABASE_URL or the embedded PostgreSQL under DATA_DIR/pg) and no variable
// required. See docs/operations.md#backups.
//
//   backup [--out <file>]     prints the archive's path on stdout
//   restore <archive>         the platform must be stopped

import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../../config.js';
import type { EmbeddedDb } from '../embedded.js';
import { createBackup } from './backup.js';
import { RestoreRefused, restoreBackup } from './restore.js';

const log = (line: string) => process.stderr.write(`${line}\n`);

/** The embedded default's login (db/embedded.ts). */
const EMBEDDED_USER = 'atendo';
const EMBEDDED_DATABASE = 'atendo';

function paths(config: Config) {
  const dataDir = path.resolve(config.DATA_DIR);
  const uploadDir = path.resolve(config.UPLOAD_DIR);
  return {
    dataDir,
    pgDir: path.join(dataDir, 'pg'),
    uploadDir,
    // As the api resolves it (modules/uploads/private-uploads.ts).
    privateUploadDir: path.resolve(
      config.PRIVATE_UPLOAD_DIR ?? path.join(path.dirname(uploadDir), 'private'),
    ),
    // Kept there by the api when JWT_SECRET is unset (main.ts); the session keys derive from it.
    jwtSecretFile: config.JWT_SECRET ? undefined : path.join(dataDir, 'jwt-secret'),
  };
}

/** The pid and port of the embedded PostgreSQL running on `pgDir`, if one is. */
function runningPostgres(pgDir: string): { pid: number; port: number } | undefined {
  const file = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(file)) return undefined;
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const pid = Number(lines[0]);
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: alive, owned by the postgres user.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  return { pid, port: Number(lines[3]) };
}

async function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(true));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(false)));
  });
}

/** The embedded PostgreSQL of DATA_DIR/pg started for this command only. */
async function startOwnPostgres(pgDir: string, port: number): Promise<EmbeddedDb> {
  const { startEmbeddedPostgres } = await import('../embedded.js');
  log(`starting the embedded PostgreSQL on ${pgDir}…`);
  return startEmbeddedPostgres({ dir: pgDir, port, database: EMBEDDED_DATABASE });
}

/** A path the user typed, from where they typed it (npm runs scripts from the repository root). */
function userPath(p: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), p);
}

function stamp(): string {
  return new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

async function backup(config: Config, argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { out: { type: 'string' } } });
  const p = paths(config);
  const out = values.out
    ? userPath(values.out)
    : path.join(p.dataDir, 'backups', `atendo-backup-${stamp()}.tar.gz`);
  let databaseUrl = config.MIGRATION_DATABASE_URL ?? config.DATABASE_URL;
  let own: EmbeddedDb | undefined;
  if (!databaseUrl) {
    const running = runningPostgres(p.pgDir);
    if (running) {
      databaseUrl = `postgres://${EMBEDDED_USER}:${EMBEDDED_USER}@127.0.0.1:${running.port}/${EMBEDDED_DATABASE}`;
    } else {
      if (!fs.existsSync(path.join(p.pgDir, 'PG_VERSION')))
        throw new RestoreRefused(`There is no database under ${p.pgDir}: nothing to back up.`);
      const { freePort } = await import('../embedded.js');
      own = await startOwnPostgres(p.pgDir, await freePort());
      databaseUrl = own.url(EMBEDDED_DATABASE);
    }
  }
  try {
    const manifest = await createBackup(
      {
        databaseUrl,
        uploadDir: p.uploadDir,
        privateUploadDir: p.privateUploadDir,
        jwtSecretFile: p.jwtSecretFile,
        appVersion: config.APP_VERSION,
      },
      out,
      log,
    );
    log(`backup of ${manifest.tables.length} tables and the uploads written`);
    process.stdout.write(`${out}\n`);
  } finally {
    await own?.stop();
  }
}

async function restore(config: Config, argv: string[]): Promise<void> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new RestoreRefused('usage: npm run restore <archive>');
  const archive = userPath(positionals[0]!);
  const p = paths(config);
  // The api answering on its port is the platform running, whatever database it uses.
  if (await portInUse(config.PORT))
    throw new RestoreRefused(
      `Something listens on port ${config.PORT} (the api?): stop Atendo before restoring.`,
    );
  let databaseUrl = config.MIGRATION_DATABASE_URL ?? config.DATABASE_URL;
  let own: EmbeddedDb | undefined;
  if (!databaseUrl) {
    const running = runningPostgres(p.pgDir);
    if (running)
      throw new RestoreRefused(
        `Atendo's PostgreSQL is running (pid ${running.pid}, ${p.pgDir}): stop Atendo ` +
          '(Ctrl-C in `npm start`) before restoring.',
      );
    // On the platform's own port: an `npm start` meanwhile stops at once (port in use).
    if (await portInUse(config.EMBEDDED_PG_PORT))
      throw new RestoreRefused(
        `Port ${config.EMBEDDED_PG_PORT} (EMBEDDED_PG_PORT) is in use: is Atendo running?`,
      );
    own = await startOwnPostgres(p.pgDir, config.EMBEDDED_PG_PORT);
    databaseUrl = own.url(EMBEDDED_DATABASE);
  }
  try {
    const aside = path.join(p.dataDir, 'before-restore');
    const result = await restoreBackup(
      archive,
      {
        databaseUrl,
        uploadDir: p.uploadDir,
        privateUploadDir: p.privateUploadDir,
        jwtSecretFile: p.jwtSecretFile,
        asideDir: aside,
        // The local Temporal server's workflows belong to the replaced state (ids like
        // campaign-{id} would meet other rows); the api resumes what the restored rows need
        // (docs/architecture.md#a-durable-process).
        alsoAside: config.TEMPORAL_ADDRESS ? [] : [path.join(p.dataDir, 'temporal.db')],
      },
      log,
    );
    log(
      `restored the backup of ${result.manifest.createdAt}; what it replaced is in ${aside}` +
        (result.previousDatabase ? ` and database "${result.previousDatabase}"` : '') +
        ' until the next restore. Start Atendo with `npm start`.',
    );
  } finally {
    await own?.stop();
  }
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const config = loadConfig();
  if (command === 'backup') return backup(config, rest);
  if (command === 'restore') return restore(config, rest);
  throw new RestoreRefused('usage: cli.ts backup [--out <file>] | restore <archive>');
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    log(
      `atendo: ${err instanceof RestoreRefused ? err.message : String((err as Error)?.stack ?? err)}`,
    );
    process.exit(err instanceof RestoreRefused ? 2 : 1);
  },
);
