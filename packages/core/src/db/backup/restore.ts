import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import * as tar from 'tar';
import { DataSource } from 'typeorm';
import { migrations as allMigrations } from '../migrations/index.js';
import {
  ARCHIVE_FORMAT,
  MANIFEST,
  applicationSequences,
  applicationTables,
  assertSeesEveryRow,
  ident,
  knownMigrations,
  type Manifest,
} from './manifest.js';

/** A restore that must not go ahead (the platform is running, the archive is too new…). */
export class RestoreRefused extends Error {}

export interface RestoreTargets {
  /** The database to bring back: the owner's URL (superuser or BYPASSRLS). */
  databaseUrl: string;
  uploadDir: string;
  privateUploadDir: string;
  /** Where the JWT secret goes when the archive holds one (the embedded default's). */
  jwtSecretFile?: string;
  /**
   * Where what the restore replaces is kept until the next restore (files moved, not deleted):
   * the upload folders and the JWT secret. The database replaced is kept as `<name>_before_restore`.
   */
  asideDir: string;
  /** Other files the restore moves aside (the local Temporal dev server's state). */
  alsoAside?: string[];
}

export interface RestoreResult {
  manifest: Manifest;
  /** The database the replaced data was renamed to, when there was data to replace. */
  previousDatabase?: string;
}

/**
 * Brings a stopped platform back to an archive's state (docs/operations.md#backups):
 *
 * 1. Extracts the archive and refuses one whose migrations this code does not know.
 * 2. Refuses while anything else is connected to the database (the api, the worker).
 * 3. Builds the restored database beside the current one: migrations up to the archive's
 *    version on an empty database, then the rows, the sequences, and a row count check. Only
 *    then is it swapped in under the database's name, the old one kept under another name.
 *    (A database that is empty, or a role that may not create databases facing an empty one, is
 *    restored in place.)
 * 4. Moves the current upload folders aside and puts the archive's in their place.
 */
export async function restoreBackup(
  archive: string,
  to: RestoreTargets,
  log: (line: string) => void = () => {},
): Promise<RestoreResult> {
  fs.mkdirSync(to.asideDir, { recursive: true });
  const work = fs.mkdtempSync(path.join(path.dirname(path.resolve(to.asideDir)), '.restore-'));
  try {
    log(`reading ${archive}…`);
    const manifest = await extractArchive(archive, work);
    const version = migrationsToRun(manifest);
    const result = await restoreDatabase(to.databaseUrl, work, manifest, version, log);
    restoreFiles(work, manifest, to);
    log('uploads restored');
    return { manifest, previousDatabase: result.previousDatabase };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Unpacks an archive into `dir` and reads its manifest. */
export async function extractArchive(archive: string, dir: string): Promise<Manifest> {
  if (!fs.existsSync(archive)) throw new RestoreRefused(`${archive} does not exist`);
  await tar.extract({ file: archive, cwd: dir, strict: true });
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(file)) throw new RestoreRefused(`${archive} is not an Atendo backup`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  if (manifest.format !== ARCHIVE_FORMAT)
    throw new RestoreRefused(
      `${archive} is in backup format ${manifest.format}; this code reads format ${ARCHIVE_FORMAT}`,
    );
  return manifest;
}

/**
 * How many of the code's migrations build the archive's schema. An archive from a newer
 * release (a migration this code lacks) is refused: its rows would not fit the tables.
 */
export function migrationsToRun(manifest: Manifest): number {
  const known = knownMigrations();
  const unknown = manifest.migrations.filter((m) => !known.includes(m));
  if (unknown.length)
    throw new RestoreRefused(
      `The backup comes from a newer Atendo: its database ran migrations this code does not ` +
        `know (${unknown.join(', ')}). Restore it with that release or a later one.`,
    );
  const prefix = known.slice(0, manifest.migrations.length);
  if (prefix.join() !== manifest.migrations.join())
    throw new RestoreRefused(
      'The backup ran migrations in another order than this code: restore it with the release ' +
        'that made it.',
    );
  return manifest.migrations.length;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

function databaseOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: 'atendo-restore' });
  await client.connect();
  return client;
}

/** Refuses while another session uses the database: the platform must be stopped. */
async function assertNobodyConnected(client: pg.ClientBase, database: string): Promise<void> {
  const { rows } = await client.query<{ who: string }>(
    `SELECT coalesce(nullif(application_name, ''), usename::text, 'a client')
              || coalesce(' from ' || host(client_addr), '') AS who
       FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
    [database],
  );
  if (rows.length)
    throw new RestoreRefused(
      `Database "${database}" is in use (${rows.length} connection(s): ` +
        `${[...new Set(rows.map((r) => r.who))].join(', ')}). Stop Atendo (the api and the ` +
        'worker) before restoring.',
    );
}

async function isEmpty(client: pg.ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S')`,
  );
  return rows[0]!.n === 0;
}

async function restoreDatabase(
  url: string,
  dir: string,
  manifest: Manifest,
  version: number,
  log: (line: string) => void,
): Promise<{ previousDatabase?: string }> {
  const name = databaseOf(url);
  const admin = await connect(withDatabase(url, 'postgres'));
  try {
    await assertSeesEveryRow(admin, 'a restore');
    const existing = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (existing.rowCount === 0) {
      await admin.query(`CREATE DATABASE ${ident(name)}`);
      await fillDatabase(url, dir, manifest, version, log);
      return {};
    }
    await assertNobodyConnected(admin, name);
    const target = await connect(url);
    const empty = await isEmpty(target).finally(() => target.end());
    if (empty) {
      await fillDatabase(url, dir, manifest, version, log);
      return {};
    }
    const { rows } = await admin.query<{ createdb: boolean }>(
      `SELECT rolsuper OR rolcreatedb AS createdb FROM pg_roles WHERE rolname = current_user`,
    );
    if (!rows[0]?.createdb)
      throw new RestoreRefused(
        `Database "${name}" holds data and this role may not create databases to restore ` +
          'beside it: point DATABASE_URL at a new, empty database and restore again.',
      );
    // Built beside the current database and swapped in only once complete: a restore that
    // fails half-way leaves the platform as it was.
    const building = `${name}_restoring`;
    const previous = `${name}_before_restore`;
    await admin.query(`DROP DATABASE IF EXISTS ${ident(building)} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${ident(building)}`);
    try {
      await fillDatabase(withDatabase(url, building), dir, manifest, version, log);
    } catch (err) {
      await admin.query(`DROP DATABASE IF EXISTS ${ident(building)} WITH (FORCE)`);
      throw err;
    }
    try {
      await assertNobodyConnected(admin, name);
      await admin.query(`DROP DATABASE IF EXISTS ${ident(previous)} WITH (FORCE)`);
      await admin.query(`ALTER DATABASE ${ident(name)} RENAME TO ${ident(previous)}`);
    } catch (err) {
      // Someone connected meanwhile: the current database stays as it was.
      await admin.query(`DROP DATABASE IF EXISTS ${ident(building)} WITH (FORCE)`);
      throw err;
    }
    try {
      await admin.query(`ALTER DATABASE ${ident(building)} RENAME TO ${ident(name)}`);
    } catch (err) {
      await admin.query(`ALTER DATABASE ${ident(previous)} RENAME TO ${ident(name)}`);
      throw err;
    }
    log(`database "${name}" restored; the data it replaced is kept as database "${previous}"`);
    return { previousDatabase: previous };
  } finally {
    await admin.end();
  }
}

/**
 * Builds the archive's state in an empty database: the schema from the migrations (which also
 * create the runtime role's grants and the row-level security policies), then the rows.
 */
async function fillDatabase(
  url: string,
  dir: string,
  manifest: Manifest,
  version: number,
  log: (line: string) => void,
): Promise<void> {
  log(`creating the schema (${version} migrations)…`);
  const ds = new DataSource({
    type: 'postgres',
    url,
    uuidExtension: 'pgcrypto',
    entities: [],
    migrations: allMigrations.slice(0, version),
    migrationsTableName: 'migrations',
    logging: false,
  });
  await ds.initialize();
  try {
    await ds.runMigrations({ transaction: 'each' });
  } finally {
    await ds.destroy();
  }

  const client = await connect(url);
  try {
    const tables = await applicationTables(client);
    const archived = new Map(manifest.tables.map((t) => [t.name, t]));
    const missing = tables.filter((t) => !archived.has(t.name)).map((t) => t.name);
    const extra = manifest.tables.filter((t) => !tables.some((s) => s.name === t.name));
    if (missing.length || extra.length)
      throw new Error(
        `The archive does not match its own schema version (tables missing from it: ` +
          `${missing.join(', ') || 'none'}; tables unknown: ` +
          `${extra.map((t) => t.name).join(', ') || 'none'}): it is damaged.`,
      );

    log('loading the rows…');
    await client.query('BEGIN');
    // Rows go in as they were: no trigger rewrites them (the ticket tab totals would count
    // every ticket twice, its deltas being in the archive already) and no foreign key is
    // checked table by table, as in logical replication. Needs the owner, as superuser or
    // granted SET on this parameter.
    await client.query('SET LOCAL session_replication_role = replica');
    // What the migrations inserted themselves is in the archive too.
    await client.query(`TRUNCATE ${tables.map((t) => `public.${ident(t.name)}`).join(', ')}`);
    for (const table of manifest.tables) {
      const cols = table.columns.map(ident).join(', ');
      const stream = client.query(
        copyStreams.from(`COPY public.${ident(table.name)} (${cols}) FROM STDIN`),
      );
      await pipeline(fs.createReadStream(path.join(dir, table.file)), stream);
    }
    const sequences = new Set(await applicationSequences(client));
    for (const seq of manifest.sequences) {
      if (!sequences.has(seq.name))
        throw new Error(`The archive's sequence ${seq.name} is unknown`);
      await client.query(`SELECT setval($1::regclass, $2::bigint, $3)`, [
        `public.${ident(seq.name)}`,
        seq.lastValue,
        seq.isCalled,
      ]);
    }
    // The check that counts: what is in the tables now, against what the backup counted out.
    for (const table of manifest.tables) {
      const { rows } = await client.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM public.${ident(table.name)}`,
      );
      if (Number(rows[0]!.n) !== table.rows)
        throw new Error(
          `Table ${table.name}: ${rows[0]!.n} rows restored, the backup holds ${table.rows}`,
        );
    }
    await client.query('COMMIT');
    // A fresh database has no planner statistics; the first requests would plan blind.
    await client.query('ANALYZE');
    const total = manifest.tables.reduce((n, t) => n + t.rows, 0);
    log(`database: ${manifest.tables.length} tables, ${total} rows restored and counted`);
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

/** Moves `from` to `to` (copying when they are on different file systems). */
function move(from: string, to: string): void {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  try {
    fs.renameSync(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    fs.cpSync(from, to, { recursive: true, preserveTimestamps: true });
    fs.rmSync(from, { recursive: true, force: true });
  }
}

/** Puts the archive's files in place; what they replace goes to `asideDir` (its last content dropped). */
function restoreFiles(dir: string, manifest: Manifest, to: RestoreTargets): void {
  const aside = path.resolve(to.asideDir);
  for (const entry of fs.readdirSync(aside))
    fs.rmSync(path.join(aside, entry), { recursive: true });
  const put = (from: string | undefined, target: string, asideName: string) => {
    if (fs.existsSync(target)) move(target, path.join(aside, asideName));
    if (from && fs.existsSync(from)) move(from, target);
    else fs.mkdirSync(target, { recursive: true });
  };
  put(
    manifest.files.uploads ? path.join(dir, 'uploads', 'public') : undefined,
    path.resolve(to.uploadDir),
    'public',
  );
  put(
    manifest.files.privateUploads ? path.join(dir, 'uploads', 'private') : undefined,
    path.resolve(to.privateUploadDir),
    'private',
  );
  if (manifest.files.jwtSecret && to.jwtSecretFile) {
    const target = path.resolve(to.jwtSecretFile);
    if (fs.existsSync(target)) move(target, path.join(aside, 'jwt-secret'));
    move(path.join(dir, 'secrets', 'jwt-secret'), target);
    fs.chmodSync(target, 0o600);
  }
  for (const file of to.alsoAside ?? [])
    if (fs.existsSync(file)) move(file, path.join(aside, path.basename(file)));
}
