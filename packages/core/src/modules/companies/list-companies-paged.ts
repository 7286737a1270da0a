import { ILike } from 'typeorm';
import type { AppContext } from '../../context.js';
import { CompanyEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';
import { toCompanyView } from './company-view.js';

const PAGE_SIZE = 20;

/** Companies with their plans, searched by name and paged (super admin). */
export async function listCompaniesPaged(
  ctx: AppContext,
  o: { searchParam: string; pageNumber: number },
) {
  const where = o.searchParam
    ? { name: ILike(`%${o.searchParam.replace(/[%_\\]/g, '\\$&')}%`) }
    : {};
  const [rows, count] = await platformData(ctx.ds)
    .of(CompanyEntity)
    .findAndCount({
      where,
      relations: { plan: true },
      order: { name: 'ASC' },
      take: PAGE_SIZE,
      skip: (o.pageNumber - 1) * PAGE_SIZE,
    });
  return { companies: rows.map(toCompanyView), count, hasMore: count > o.pageNumber * PAGE_SIZE };
}
