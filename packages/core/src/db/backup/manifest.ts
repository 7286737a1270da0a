import type pg from 'pg';
import { migrations } from '../migrations/index.js';

/**
 * What a backup archive (docs/operations.md#backups) holds, described by its `manifest.json`:
 *
 *   manifest.json       this
 *   db/NNNN.copy        one table's rows in COPY text format, in `tables` order
 *   uploads/public/     UPLOAD_DIR (avatars, logos, whitelabel images)
 *   uploads/private/    PRIVATE_UPLOAD_DIR (message media)
 *   secrets/jwt-secret  the JWT secret the embedded default keeps under DATA_DIR, when there is one
 *
 * The schema itself is not in the archive: it belongs to the migrations, which restore runs up
 * to `migrations` on an empty database before the rows go in.
 */
export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  createdAt: string;
  appVersion: string;
  /** The server's `server_version`, for the reader's information. */
  postgres: string;
  /** The migrations the database had run, oldest first. */
  migrations: string[];
  tables: { name: string; file: string; columns: string[]; rows: number }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
  files: { uploads: boolean; privateUploads: boolean; jwtSecret: boolean };
}

export const ARCHIVE_FORMAT = 1;
export const MANIFEST = 'manifest.json';

/** TypeORM's own bookkeeping: restore rebuilds it by running the migrations themselves. */
export const MIGRATIONS_TABLE = 'migrations';

/** The migrations this code knows, oldest first, by the name TypeORM records for each. */
export function knownMigrations(): string[] {
  return migrations.map((M) => new M().name ?? M.name);
}

/** A double-quoted SQL identifier. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The application's tables (not the migrations table) and their stored columns, by name. */
export async function applicationTables(
  client: pg.ClientBase,
): Promise<{ name: string; columns: string[] }[]> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(
    `SELECT c.relname AS name,
            array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
                          AND a.attgenerated = ''
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> $1
      GROUP BY c.relname
      ORDER BY c.relname`,
    [MIGRATIONS_TABLE],
  );
  return rows;
}

/** The sequences of the public schema (serial and identity columns), by name. */
export async function applicationSequences(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname`,
  );
  return rows.map((r) => r.name);
}

/**
 * Fails unless the connected role reads and writes every row whatever the row-level security
 * policies say: every tenant table forces them, so the runtime role would back up (or restore)
 * one company's rows at most, silently.
 */
export async function assertSeesEveryRow(client: pg.ClientBase, what: string): Promise<void> {
  const { rows } = await client.query<{ name: string; bypass: boolean }>(
    `SELECT current_user AS name, rolsuper OR rolbypassrls AS bypass
       FROM pg_roles WHERE rolname = current_user`,
  );
  if (!rows[0]?.bypass)
    throw new Error(
      `The database role "${rows[0]?.name}" is subject to row-level security, so ${what} would ` +
        'miss rows: connect as the owner with SUPERUSER or BYPASSRLS (MIGRATION_DATABASE_URL, or ' +
        'DATABASE_URL of such a role).',
    );
}
