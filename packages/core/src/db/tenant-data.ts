import {
  DataSource,
  type DeepPartial,
  type EntityManager,
  type EntitySchema,
  type FindManyOptions,
  type FindOneOptions,
  type FindOptionsWhere,
  type ObjectLiteral,
  type SelectQueryBuilder,
} from 'typeorm';
import { AppError, type ErrorCode } from '@atendo/domain';
import { currentScope, withCompany } from './tenant-scope.js';

/**
 * Wall 1 of tenancy: the one data access for company-owned rows. Every operation is limited to
 * the company it was opened for, by construction: reads add `companyId` to every `where`,
 * writes stamp it, updates and deletes cannot run without it, and each operation runs inside
 * that company's database scope (or, inside a request of another company, in that request's
 * scope), so row-level security (wall 2) agrees with it.
 *
 *   const db = tenantData(ctx.ds, auth.companyId);
 *   const user = await db.of(UserEntity).get({ where: { id } });
 *   await db.transaction(async (tx) => { await tx.of(SettingEntity).insert({ key, value }); });
 */

/** An entity a company owns: its rows carry the owner's id. */
type Owned = ObjectLiteral & { companyId: number };
export type Where<T> = FindOptionsWhere<T> | FindOptionsWhere<T>[];
/** A row to write: everything but the company, which the access stamps. */
type NewRow<T> = Omit<DeepPartial<T>, 'companyId'>;

function scoped<T>(where: Where<T> | undefined, companyId: number): Where<T> {
  const tenant = { companyId } as unknown as FindOptionsWhere<T>;
  if (!where) return tenant;
  if (Array.isArray(where)) return where.map((w) => ({ ...w, ...tenant }));
  return { ...where, ...tenant };
}

function stamped<T>(row: NewRow<T>, companyId: number): DeepPartial<T> {
  return { ...row, companyId } as unknown as DeepPartial<T>;
}

/** The scoped operations on one entity. */
export interface TenantRepository<T extends Owned> {
  readonly companyId: number;
  find(opts?: FindManyOptions<T>): Promise<T[]>;
  findAndCount(opts?: FindManyOptions<T>): Promise<[T[], number]>;
  findOne(opts: FindOneOptions<T>): Promise<T | null>;
  /** Like findOne, but no row (or another company's) is the AppError `notFound`. */
  get(opts: FindOneOptions<T>, notFound?: ErrorCode): Promise<T>;
  count(opts?: FindManyOptions<T>): Promise<number>;
  exists(where: Where<T>): Promise<boolean>;
  /** Inserts one or more rows of this company; returns them as saved (ids, defaults). */
  insert(rows: NewRow<T>): Promise<T>;
  insertMany(rows: NewRow<T>[]): Promise<T[]>;
  /** Updates the rows matching `where` (which must name at least one column); returns how many. */
  update(where: Where<T>, patch: NewRow<T>): Promise<number>;
  /** Deletes the rows matching `where` (which must name at least one column); returns how many. */
  delete(where: Where<T>): Promise<number>;
  /** Inserts or, on a conflict of `conflictPaths`, updates one row of this company. */
  upsert(row: NewRow<T>, conflictPaths: (keyof T & string)[]): Promise<void>;
  /** Adds `by` to a numeric column of the matching rows. */
  increment(where: Where<T>, column: keyof T & string, by: number): Promise<void>;
  /** Saves a loaded row of this company (relations included); refuses another company's. */
  save(row: T): Promise<T>;
  /** A query builder already limited to this company, for lean explicit reads. */
  select(alias: string): SelectQueryBuilder<T>;
}

/** A company's data access, usable inside and outside a transaction. */
export interface TenantData {
  readonly companyId: number;
  of<T extends Owned>(entity: EntitySchema<T>): TenantRepository<T>;
  /** Runs `fn` in one transaction of this company; `tx` is this same access, bound to it. */
  transaction<R>(fn: (tx: TenantData) => Promise<R>): Promise<R>;
  /** Raw SQL inside this company's database scope (row-level security still applies). */
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
  /**
   * A hot-path statement as a named prepared statement: PostgreSQL parses and plans it once
   * per connection instead of on every request (planning a statement under row-level security
   * costs more than running it). Inside and outside a transaction. One name, one SQL text.
   */
  prepared<R = Record<string, unknown>>(name: string, sql: string, params: unknown[]): Promise<R[]>;
}

/** The pool's query with a named statement (pg's QueryConfig). */
interface PreparedPool {
  query(q: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * Refuses an update or delete whose condition names no column (`who.op` and the rows it would
 * have touched go into the message).
 */
export function requireWhere<T>(where: Where<T>, op: string, who: string, scope: string): void {
  const empty = Array.isArray(where)
    ? where.length === 0 || where.some((w) => Object.keys(w).length === 0)
    : Object.keys(where).length === 0;
  if (empty) throw new Error(`${who}.${op}: refusing to ${op} ${scope}`);
}

/** The data access of `companyId` over a data source or a transaction's entity manager. */
export function tenantData(db: DataSource | EntityManager, companyId: number): TenantData {
  if (!Number.isSafeInteger(companyId) || companyId <= 0) {
    throw new Error(`tenantData: invalid company id ${String(companyId)}`);
  }
  const manager = db instanceof DataSource ? db.manager : db;
  // Narrows, never widens: inside a company's scope the database keeps that scope, so an access
  // opened for another company by mistake reads and writes nothing (wall 2 catches wall 1).
  const run = <R>(fn: () => Promise<R>) =>
    currentScope()?.kind === 'company' ? fn() : withCompany(companyId, fn);

  function of<T extends Owned>(entity: EntitySchema<T>): TenantRepository<T> {
    const repo = manager.getRepository<T>(entity);
    const findOne = (opts: FindOneOptions<T>) =>
      run(() => repo.findOne({ ...opts, where: scoped(opts.where as Where<T>, companyId) }));
    return {
      companyId,
      find: (opts = {}) =>
        run(() => repo.find({ ...opts, where: scoped(opts.where as Where<T>, companyId) })),
      findAndCount: (opts = {}) =>
        run(() => repo.findAndCount({ ...opts, where: scoped(opts.where as Where<T>, companyId) })),
      findOne,
      async get(opts, notFound = 'ERR_NOT_FOUND') {
        const row = await findOne(opts);
        if (!row) throw new AppError(notFound);
        return row;
      },
      count: (opts = {}) =>
        run(() => repo.count({ ...opts, where: scoped(opts.where as Where<T>, companyId) })),
      exists: (where) => run(() => repo.exists({ where: scoped(where, companyId) })),
      insert: (row) => run(() => repo.save(repo.create(stamped<T>(row, companyId)))),
      insertMany: (rows) =>
        run(() => repo.save(rows.map((row) => repo.create(stamped<T>(row, companyId))))),
      async update(where, patch) {
        requireWhere(where, 'update', 'tenantData', 'every row of the company');
        const result = await run(() =>
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          repo.update(scoped(where, companyId) as any, stamped<T>(patch, companyId) as any),
        );
        return result.affected ?? 0;
      },
      async delete(where) {
        requireWhere(where, 'delete', 'tenantData', 'every row of the company');
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        const result = await run(() => repo.delete(scoped(where, companyId) as any));
        return result.affected ?? 0;
      },
      async upsert(row, conflictPaths) {
        await run(() =>
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          repo.upsert(stamped<T>(row, companyId) as any, {
            conflictPaths,
            skipUpdateIfNoValuesChanged: true,
          }),
        );
      },
      async increment(where, column, by) {
        requireWhere(where, 'increment', 'tenantData', 'every row of the company');
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        await run(() => repo.increment(scoped(where, companyId) as any, column, by));
      },
      async save(row) {
        if (row.companyId !== companyId) throw new AppError('ERR_NO_PERMISSION');
        return run(() => repo.save(row));
      },
      select: (alias) =>
        repo.createQueryBuilder(alias).where(`${alias}."companyId" = :companyId`, { companyId }),
    };
  }

  return {
    companyId,
    of,
    transaction: (fn) => run(() => manager.transaction((em) => fn(tenantData(em, companyId)))),
    query: (sql, params) => run(() => manager.query(sql, params)),
    async prepared<R>(name: string, sql: string, params: unknown[]) {
      const runner = db instanceof DataSource ? undefined : db.queryRunner;
      if (runner) {
        // In a transaction: its own connection (already in this company's scope), by name too.
        const client = (await runner.connect()) as PreparedPool;
        const result = await client.query({ name, text: sql, values: params });
        return result.rows as R[];
      }
      const pool = (manager.connection.driver as unknown as { master: PreparedPool }).master;
      const result = await run(() => pool.query({ name, text: sql, values: params }));
      return result.rows as R[];
    },
  };
}
