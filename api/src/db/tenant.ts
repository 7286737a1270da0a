import type {
  DataSource,
  FindManyOptions,
  FindOneOptions,
  FindOptionsWhere,
  ObjectLiteral,
  Repository,
} from 'typeorm';
import { AppError, type ErrorCode } from '@atendo/domain';

type Where<T> = FindOptionsWhere<T> | FindOptionsWhere<T>[] | undefined;

function scope<T>(where: Where<T>, companyId: number): FindOptionsWhere<T> | FindOptionsWhere<T>[] {
  const tenant = { companyId } as unknown as FindOptionsWhere<T>;
  if (!where) return tenant;
  if (Array.isArray(where)) return where.map((w) => ({ ...w, ...tenant }));
  return { ...where, ...tenant };
}

/**
 * The one place tenant scoping happens: every read and write through this repository is
 * limited to `companyId`, whatever `where` the caller passes.
 */
export function tenantRepository<T extends ObjectLiteral & { companyId: number }>(
  ds: DataSource,
  entity: string,
  companyId: number,
) {
  const repo: Repository<T> = ds.getRepository<T>(entity);
  return {
    companyId,
    raw: repo,
    find: (opts: FindManyOptions<T> = {}) =>
      repo.find({ ...opts, where: scope(opts.where as Where<T>, companyId) }),
    findAndCount: (opts: FindManyOptions<T> = {}) =>
      repo.findAndCount({ ...opts, where: scope(opts.where as Where<T>, companyId) }),
    findOne: (opts: FindOneOptions<T>) =>
      repo.findOne({ ...opts, where: scope(opts.where as Where<T>, companyId) }),
    /** Like findOne, but a row of another company (or none) is `notFound`. */
    async get(opts: FindOneOptions<T>, notFound: ErrorCode = 'ERR_NOT_FOUND'): Promise<T> {
      const row = await repo.findOne({ ...opts, where: scope(opts.where as Where<T>, companyId) });
      if (!row) throw new AppError(notFound);
      return row;
    },
    count: (opts: FindManyOptions<T> = {}) =>
      repo.count({ ...opts, where: scope(opts.where as Where<T>, companyId) }),
    create: (data: Partial<T>) => repo.create({ ...data, companyId } as T),
    save: (row: T) => {
      if (row.companyId !== companyId) throw new AppError('ERR_NO_PERMISSION');
      return repo.save(row);
    },
    update: (where: FindOptionsWhere<T>, patch: Partial<T>) =>
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      repo.update(scope(where, companyId) as any, { ...patch, companyId } as any),
    delete: (where: FindOptionsWhere<T>) =>
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      repo.delete(scope(where, companyId) as any),
    query: (alias: string) =>
      repo.createQueryBuilder(alias).where(`${alias}."companyId" = :companyId`, { companyId }),
  };
}

export type TenantRepository<T extends ObjectLiteral & { companyId: number }> = ReturnType<
  typeof tenantRepository<T>
>;
