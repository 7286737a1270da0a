import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource } from 'typeorm';

/**
 * Wall 2 of tenancy: the database itself limits every query on a tenant table to the caller's
 * company (row-level security, see the TenantRowLevelSecurity migration). This module tells
 * PostgreSQL who the caller is.
 *
 * The scope is held in AsyncLocalStorage for the duration of a request, a socket handler or an
 * activity, and written into two session settings of every pooled connection at the moment it
 * is checked out: the range of company ids its rows may belong to, `atendo.company_min` and
 * `atendo.company_max` — `[id, id]` for a company, every id for a named platform bypass. A
 * checkout with no scope clears both, so code that forgets its scope sees no tenant row at all
 * rather than another company's. A connection keeps its scope until it goes back to
 * the pool (transactions included), which is exactly the lifetime of one TypeORM operation or
 * query runner.
 */

/** Who the database should consider the caller to be. */
export type DbScope =
  { kind: 'company'; companyId: number } | { kind: 'platform'; reason: PlatformReason };

/**
 * Every path allowed to see all companies' rows, by name, so a reviewer can list them all with
 * one search. Adding a reason is a security decision.
 */
export type PlatformReason =
  | 'migrate-and-seed'
  | 'authenticate'
  | 'login'
  | 'refresh-sign-in'
  | 'signup'
  | 'super-admin'
  | 'internal-service'
  | 'session-report'
  | 'message-delivery'
  | 'realtime-handshake'
  | 'presence-sweep'
  // Folding the ticket tab totals' deltas (tickets/ticket-counts.ts): sums, never rows shown.
  | 'ticket-counts'
  | 'billing'
  | 'session-runtime'
  | 'test-inspection'
  // A Meta webhook names a page or phone-number id, not a company: its connection is found first.
  | 'meta-webhook'
  // Values unique across the platform (user emails, since login finds a user by email alone;
  // connection API tokens), checked against every company's rows.
  | 'platform-unique-values';

const scopes = new AsyncLocalStorage<DbScope>();

/** Runs `fn` with the database limited to `companyId`'s rows. */
export function withCompany<T>(companyId: number, fn: () => T): T {
  if (!Number.isSafeInteger(companyId) || companyId <= 0) {
    throw new Error(`withCompany: invalid company id ${String(companyId)}`);
  }
  return scopes.run({ kind: 'company', companyId }, fn);
}

/** Runs `fn` with every company's rows visible: an explicit, named bypass of row-level security. */
export function asPlatform<T>(reason: PlatformReason, fn: () => T): T {
  return scopes.run({ kind: 'platform', reason }, fn);
}

/** The scope the current async context runs in, if any. */
export function currentScope(): DbScope | undefined {
  return scopes.getStore();
}

/** The company range a scope stands for: [min, max] ids, empty (nothing) without a scope. */
function settingsOf(scope: DbScope | undefined): [string, string] {
  if (scope?.kind === 'company') return [String(scope.companyId), String(scope.companyId)];
  if (scope?.kind === 'platform') return ['1', '2147483647'];
  return ['', ''];
}

interface PoolClient {
  query(text: string, values?: unknown[]): Promise<unknown>;
  release(err?: Error | boolean): void;
  /** The settings this physical connection last received (skips a round trip when unchanged). */
  [APPLIED]?: string;
  [ROLE_SET]?: boolean;
}
const APPLIED = Symbol('atendo.scope');
const ROLE_SET = Symbol('atendo.role');

type ConnectCallback = (err: Error | undefined, client?: PoolClient, release?: () => void) => void;
interface Pool {
  connect(cb?: ConnectCallback): Promise<PoolClient> | void;
}

export interface ScopeGuardOptions {
  /**
   * A role to `SET ROLE` to on every new connection: used when the login role bypasses
   * row-level security (a superuser, as the embedded PostgreSQL's is).
   */
  role?: string;
}

/**
 * Makes every connection the data source checks out carry the scope of the code that asked for
 * it. The scope is read when `connect` is called, not when the pool hands the connection over:
 * under load a connection is handed over from inside another caller's release, whose async
 * context is not the asker's.
 */
export function installScopeGuard(ds: DataSource, options: ScopeGuardOptions = {}): void {
  const pool = (ds.driver as unknown as { master: Pool }).master;
  const connect = pool.connect.bind(pool) as () => Promise<PoolClient>;
  const roleSql = options.role ? `SET ROLE ${quoteIdent(options.role)}` : undefined;

  async function scoped(scope: DbScope | undefined): Promise<PoolClient> {
    const client = await connect();
    try {
      if (roleSql && !client[ROLE_SET]) {
        await client.query(roleSql);
        client[ROLE_SET] = true;
      }
      const [companyId, platform] = settingsOf(scope);
      const key = `${companyId}|${platform}`;
      if (client[APPLIED] !== key) {
        await client.query(
          `SELECT set_config('atendo.company_min', $1, false), set_config('atendo.company_max', $2, false)`,
          [companyId, platform],
        );
        client[APPLIED] = key;
      }
      return client;
    } catch (err) {
      // A connection whose scope is unknown must never be reused.
      client.release(err instanceof Error ? err : true);
      throw err;
    }
  }

  pool.connect = (cb?: ConnectCallback) => {
    const promise = scoped(scopes.getStore());
    if (!cb) return promise;
    promise.then(
      (client) => cb(undefined, client, (err?: unknown) => client.release(err as Error)),
      (err: Error) => cb(err),
    );
  };
}

/** A SQL identifier, quoted. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
