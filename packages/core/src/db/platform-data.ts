import {
  DataSource,
  type DeepPartial,
  type EntityManager,
  type EntitySchema,
  type FindManyOptions,
  type FindOneOptions,
  type ObjectLiteral,
  type Repository,
  type SelectQueryBuilder,
} from 'typeorm';
import {
  AnnouncementEntity,
  CompanyEntity,
  HelpEntity,
  PlanEntity,
  RateLimitEntity,
} from './entities/index.js';
import { requireWhere, tenantData, type TenantData, type Where } from './tenant-data.js';
import { asPlatform, currentScope, withCompany, type PlatformReason } from './tenant-scope.js';

/**
 * The two data accesses beside tenantData (tenant-data.ts), so that every query of a use case
 * says whose rows it touches:
 *
 * - `platformData(db)`: the platform's own tables (companies, plans, helps, announcements,
 *   rate limits), which belong to no single company and have no row-level security. It refuses
 *   a company-owned entity, at type level and at runtime. Relations loaded from them into
 *   company-owned tables (a company's settings) still obey the caller's database scope.
 * - `crossTenantData(db, reason)`: company-owned rows of any company, for the few paths that
 *   must act before a company is known or across companies (login by email, signup, super
 *   admins, internal services). Each operation runs inside `asPlatform(reason, …)`, so every
 *   such access is named by a PlatformReason and can be listed with one search.
 *
 *   const plan = await platformData(ctx.ds).of(PlanEntity).findOne({ where: { id } });
 *   const user = await crossTenantData(ctx.ds, 'login').of(UserEntity).findOne({ where: { email } });
 */

/** The entities of platform tables; anything else is a company's and goes through tenantData. */
const PLATFORM_ENTITIES = [
  CompanyEntity,
  PlanEntity,
  HelpEntity,
  AnnouncementEntity,
  RateLimitEntity,
] as const;
export type PlatformEntity = (typeof PLATFORM_ENTITIES)[number];
type RowOf<E> = E extends EntitySchema<infer T> ? T : never;
/** Entity schemas are structural, so the check that one is the platform's is on its row type. */
type PlatformRow = RowOf<PlatformEntity>;
type OnlyPlatform<E> = RowOf<E> extends PlatformRow ? E : never;

const managerOf = (db: DataSource | EntityManager): EntityManager =>
  db instanceof DataSource ? db.manager : db;

/** A transaction of platformData: the same access bound to it, plus company accesses on it. */
export interface PlatformTransaction extends PlatformData {
  /** The transaction's entity manager, for collaborators that take one (the outbox). */
  readonly em: EntityManager;
  /** A company's data access inside this transaction. */
  tenant(companyId: number): TenantData;
}

/** The platform's own tables. */
export interface PlatformData {
  of<E extends PlatformEntity>(entity: OnlyPlatform<E>): Repository<RowOf<E>>;
  /**
   * Runs `fn` in one transaction. With `companyId`, the transaction runs in that company's
   * database scope (a use case locking its company row and writing the company's rows) unless
   * the caller already runs in a company's scope; without, in the caller's.
   */
  transaction<R>(fn: (tx: PlatformTransaction) => Promise<R>, companyId?: number): Promise<R>;
  /** Raw SQL in the caller's scope. */
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
}

/** The data access of the platform tables over a data source or a transaction's manager. */
export function platformData(db: DataSource | EntityManager): PlatformData {
  const manager = managerOf(db);
  return {
    of<E extends PlatformEntity>(entity: OnlyPlatform<E>) {
      if (!(PLATFORM_ENTITIES as readonly unknown[]).includes(entity)) {
        throw new Error(
          `platformData: ${String(entity.options.name)} belongs to a company; use tenantData`,
        );
      }
      return manager.getRepository<RowOf<E>>(entity as unknown as EntitySchema<RowOf<E>>);
    },
    transaction(fn, companyId) {
      const run = () =>
        manager.transaction((em) =>
          fn({ ...platformData(em), em, tenant: (id: number) => tenantData(em, id) }),
        );
      // Like tenantData, narrows and never widens: inside a company's scope that scope stays.
      return companyId === undefined || currentScope()?.kind === 'company'
        ? run()
        : withCompany(companyId, run);
    },
    query: (sql, params) => manager.query(sql, params),
  };
}

/** Operations on one entity's rows of every company; each runs under the named bypass. */
export interface CrossTenantRepository<T extends ObjectLiteral> {
  find(opts?: FindManyOptions<T>): Promise<T[]>;
  findOne(opts: FindOneOptions<T>): Promise<T | null>;
  count(opts?: FindManyOptions<T>): Promise<number>;
  exists(where: Where<T>): Promise<boolean>;
  /** Inserts one row (its companyId set by the caller); returns it as saved. */
  insert(row: DeepPartial<T>): Promise<T>;
  /** Updates the rows matching `where` (at least one column); returns how many. */
  update(where: Where<T>, patch: DeepPartial<T>): Promise<number>;
  /** Deletes the rows matching `where` (at least one column); returns how many. */
  delete(where: Where<T>): Promise<number>;
  increment(where: Where<T>, column: keyof T & string, by: number): Promise<void>;
  /** A lean read built on a query builder, executed under the bypass. */
  select<R>(alias: string, run: (qb: SelectQueryBuilder<T>) => Promise<R>): Promise<R>;
}

/** A transaction of crossTenantData, in the bypass's database scope. */
export interface CrossTenantTransaction extends CrossTenantData {
  readonly em: EntityManager;
  /** A company's data access inside this transaction (code-level scoping of its writes). */
  tenant(companyId: number): TenantData;
  /** The platform tables inside this transaction. */
  platform: PlatformData;
}

/** Company-owned rows of every company, under one named reason. */
export interface CrossTenantData {
  readonly reason: PlatformReason;
  of<T extends ObjectLiteral & { companyId: number }>(
    entity: EntitySchema<T>,
  ): CrossTenantRepository<T>;
  /** Runs `fn` in one transaction whose database scope is this bypass. */
  transaction<R>(fn: (tx: CrossTenantTransaction) => Promise<R>): Promise<R>;
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
}

/**
 * The named bypass of tenant scoping. Use it only where no single company is the caller's
 * (see PlatformReason); a company's own use cases go through tenantData.
 */
export function crossTenantData(
  db: DataSource | EntityManager,
  reason: PlatformReason,
): CrossTenantData {
  const manager = managerOf(db);
  const run = <R>(fn: () => Promise<R>) => asPlatform(reason, fn);
  return {
    reason,
    of<T extends ObjectLiteral & { companyId: number }>(
      entity: EntitySchema<T>,
    ): CrossTenantRepository<T> {
      const repo = manager.getRepository<T>(entity);
      return {
        find: (opts) => run(() => repo.find(opts)),
        findOne: (opts) => run(() => repo.findOne(opts)),
        count: (opts) => run(() => repo.count(opts)),
        exists: (where) => run(() => repo.exists({ where })),
        insert: (row) => run(() => repo.save(repo.create(row))),
        async update(where, patch) {
          requireWhere(where, 'update', 'crossTenantData', 'every row of every company');
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          const result = await run(() => repo.update(where as any, patch as any));
          return result.affected ?? 0;
        },
        async delete(where) {
          requireWhere(where, 'delete', 'crossTenantData', 'every row of every company');
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          const result = await run(() => repo.delete(where as any));
          return result.affected ?? 0;
        },
        async increment(where, column, by) {
          requireWhere(where, 'increment', 'crossTenantData', 'every row of every company');
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          await run(() => repo.increment(where as any, column, by));
        },
        select: (alias, build) => run(() => build(repo.createQueryBuilder(alias))),
      };
    },
    transaction: (fn) =>
      run(() =>
        manager.transaction((em) =>
          fn({
            ...crossTenantData(em, reason),
            em,
            tenant: (id: number) => tenantData(em, id),
            platform: platformData(em),
          }),
        ),
      ),
    query: (sql, params) => run(() => manager.query(sql, params)),
  };
}
