import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import * as tar from 'tar';
import {
  ARCHIVE_FORMAT,
  MANIFEST,
  MIGRATIONS_TABLE,
  applicationSequences,
  applicationTables,
  assertSeesEveryRow,
  ident,
  type Manifest,
} from './manifest.js';

export interface BackupSources {
  /** A role that sees every row (the owner: superuser or BYPASSRLS). */
  databaseUrl: string;
  /** UPLOAD_DIR and PRIVATE_UPLOAD_DIR; a folder that does not exist is recorded as absent. */
  uploadDir?: string;
  privateUploadDir?: string;
  /** The JWT secret file the embedded default keeps (DATA_DIR/jwt-secret), when there is one. */
  jwtSecretFile?: string;
  appVersion?: string;
}

const exists = (p: string | undefined): p is string => !!p && fs.existsSync(p);

/**
 * Writes one archive (gzipped tar) of the database's rows and the upload folders to `out`;
 * returns what it holds. The rows come from one REPEATABLE READ, READ ONLY transaction, so
 * every table is read at the same instant while the platform keeps running; the uploads are
 * read right after, so every file a backed-up row names is there unless it was deleted in
 * between. The archive appears under its name only once complete, readable by its owner only
 * (it holds password hashes, tokens and the JWT secret).
 */
export async function createBackup(
  src: BackupSources,
  out: string,
  log: (line: string) => void = () => {},
): Promise<Manifest> {
  const target = path.resolve(out);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const stage = fs.mkdtempSync(path.join(path.dirname(target), '.backup-'));
  const partial = `${target}.partial`;
  try {
    const manifest = await dumpDatabase(src, stage, log);
    manifest.appVersion = src.appVersion ?? manifest.appVersion;
    const entries = [MANIFEST, 'db'];
    // The upload folders go in through links the archiver follows: nothing is copied twice.
    fs.mkdirSync(path.join(stage, 'uploads'));
    for (const [name, dir] of [
      ['public', src.uploadDir],
      ['private', src.privateUploadDir],
    ] as const) {
      if (exists(dir)) fs.symlinkSync(path.resolve(dir), path.join(stage, 'uploads', name));
    }
    entries.push('uploads');
    manifest.files.uploads = exists(src.uploadDir);
    manifest.files.privateUploads = exists(src.privateUploadDir);
    if (exists(src.jwtSecretFile)) {
      fs.mkdirSync(path.join(stage, 'secrets'));
      fs.copyFileSync(src.jwtSecretFile, path.join(stage, 'secrets', 'jwt-secret'));
      manifest.files.jwtSecret = true;
      entries.push('secrets');
    }
    fs.writeFileSync(path.join(stage, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
    log('packing the archive…');
    fs.closeSync(fs.openSync(partial, 'w', 0o600));
    await tar.create(
      { gzip: true, file: partial, cwd: stage, follow: true, portable: true },
      entries,
    );
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, target);
    return manifest;
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
    fs.rmSync(partial, { force: true });
  }
}

/** Copies every application table out of one snapshot into `stage/db`; returns the manifest. */
async function dumpDatabase(
  src: BackupSources,
  stage: string,
  log: (line: string) => void,
): Promise<Manifest> {
  const client = new pg.Client({
    connectionString: src.databaseUrl,
    application_name: 'atendo-backup',
  });
  await client.connect();
  try {
    await assertSeesEveryRow(client, 'a backup');
    // pg_dump's own choice: one snapshot for every table, and no lock that would stop writers.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const known = await client.query<{ exists: boolean }>(
      `SELECT to_regclass($1) IS NOT NULL AS exists`,
      [`public.${MIGRATIONS_TABLE}`],
    );
    if (!known.rows[0]?.exists)
      throw new Error('This database has no migrations table: it is not an Atendo database.');
    const migrations = (
      await client.query<{ name: string }>(
        `SELECT name FROM ${ident(MIGRATIONS_TABLE)} ORDER BY "timestamp", id`,
      )
    ).rows.map((r) => r.name);
    const version = await client.query<{ v: string }>(
      `SELECT current_setting('server_version') AS v`,
    );
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      createdAt: new Date().toISOString(),
      appVersion: '',
      postgres: version.rows[0]?.v ?? '',
      migrations,
      tables: [],
      sequences: [],
      files: { uploads: false, privateUploads: false, jwtSecret: false },
    };
    fs.mkdirSync(path.join(stage, 'db'));
    const tables = await applicationTables(client);
    for (const [i, table] of tables.entries()) {
      const file = `db/${String(i + 1).padStart(4, '0')}.copy`;
      const cols = table.columns.map(ident).join(', ');
      const stream = client.query(
        copyStreams.to(`COPY public.${ident(table.name)} (${cols}) TO STDOUT`),
      );
      await pipeline(stream, fs.createWriteStream(path.join(stage, file)));
      manifest.tables.push({ ...table, file, rows: stream.rowCount });
    }
    // Sequences are not transactional: read after the rows, each value is at least what any
    // backed-up row used, so a restored platform's next id never collides.
    for (const name of await applicationSequences(client)) {
      const { rows } = await client.query<{ lastValue: string; isCalled: boolean }>(
        `SELECT last_value::text AS "lastValue", is_called AS "isCalled" FROM public.${ident(name)}`,
      );
      manifest.sequences.push({ name, ...rows[0]! });
    }
    await client.query('COMMIT');
    const total = manifest.tables.reduce((n, t) => n + t.rows, 0);
    log(`database: ${manifest.tables.length} tables, ${total} rows, at ${migrations.at(-1)}`);
    return manifest;
  } finally {
    await client.end();
  }
}
