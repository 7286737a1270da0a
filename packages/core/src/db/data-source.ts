import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { entities } from './entities/index.js';
import { migrations } from './migrations/index.js';
import { APP_ROLE } from './migrations/1795400000000-tenant-row-level-security.js';
import { installScopeGuard } from './tenant-scope.js';

/** A TypeORM data source over PostgreSQL with every entity and migration; never synchronize. */
export function createDataSource(url: string, options: { logging?: boolean } = {}): DataSource {
  return new DataSource({
    type: 'postgres',
    // gen_random_uuid() is built in since PostgreSQL 13; no extension to create.
    uuidExtension: 'pgcrypto',
    url,
    entities,
    migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    // TypeORM's own error log prints query parameters (password hashes, tokens): errors are
    // logged by the HTTP error handler instead, without parameters.
    logging: options.logging ? ['warn', 'migration'] : false,
    // An idle pooled connection PostgreSQL closed (a restart, a failover) raises 'error' on the
    // pool; unhandled, that would end the process. The pool has already dropped the connection
    // and opens a new one on the next checkout; requests meanwhile answer 503
    // ERR_DATABASE_UNAVAILABLE (docs/operations.md#when-postgresql-restarts).
    poolErrorHandler: () => {},
    extra: {
      max: 10,
      // Hot paths run as named prepared statements over (company, …) indexes, which a generic
      // plan serves as well as a custom one. Left to choose, PostgreSQL kept re-planning the
      // ticket list for every execution (its RLS InitPlans make the generic plan look dearer):
      // 1.6 ms of the list's 6.3 ms of database CPU. Unnamed statements are planned as before.
      options: '-c plan_cache_mode=force_generic_plan',
    },
  });
}

/**
 * The role a scoped data source must switch to: none when the login role is already subject to
 * row-level security, else the application role the migrations created. Fails fast rather
 * than run with the second wall silently down.
 */
async function runtimeRole(ds: DataSource): Promise<string | undefined> {
  const [me] = (await ds.query(
    `SELECT current_user AS name, rolsuper OR rolbypassrls AS bypass,
            EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1) AS "appRole"
       FROM pg_roles WHERE rolname = current_user`,
    [APP_ROLE],
  )) as { name: string; bypass: boolean; appRole: boolean }[];
  if (!me?.bypass) return undefined;
  if (!me.appRole) {
    throw new Error(
      `The database role "${me.name}" bypasses row-level security and the role "${APP_ROLE}" ` +
        'does not exist: run the migrations as a role that may create roles, or connect as a ' +
        'role without SUPERUSER/BYPASSRLS.',
    );
  }
  return APP_ROLE;
}

/**
 * Opens the data source the api and worker run on: every connection it checks out carries the
 * caller's tenant scope (tenant-scope.ts) and, when the login role would bypass row-level
 * security (embedded PostgreSQL's superuser), runs as the unprivileged application role.
 */
export async function openScopedDataSource(
  url: string,
  options: { logging?: boolean } = {},
): Promise<DataSource> {
  const ds = createDataSource(url, options);
  await ds.initialize();
  try {
    installScopeGuard(ds, { role: await runtimeRole(ds) });
  } catch (err) {
    await ds.destroy();
    throw err;
  }
  return ds;
}

/**
 * Opens a data source for migrations and seeding: the login role as it is (it must be allowed
 * to create tables), with the scope guard so the seed's named platform scope reaches the
 * database when that role is subject to row-level security.
 */
export async function openMigrationDataSource(
  url: string,
  options: { logging?: boolean } = {},
): Promise<DataSource> {
  const ds = createDataSource(url, options);
  await ds.initialize();
  installScopeGuard(ds);
  return ds;
}
