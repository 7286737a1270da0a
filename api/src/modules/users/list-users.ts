import { ILike } from 'typeorm';
import type { AppContext } from '../../context.js';
import type { Principal } from '../auth/tokens.js';
import { toUserView, USER_VIEW_RELATIONS } from './user-view.js';
import { isCompanyId, targetCompany, usersOf } from './users-of.js';

const PAGE_SIZE = 20;

/** Users of the caller's company, searched by name or email, paged. */
export async function listUsers(
  ctx: AppContext,
  o: { auth: Principal; searchParam: string; pageNumber: number; companyId?: number },
) {
  const companyId = targetCompany(o.auth, o.companyId);
  if (!isCompanyId(companyId)) return { users: [], count: 0, hasMore: false };
  const repo = usersOf(ctx, companyId);
  const term = o.searchParam.trim().replace(/[%_\\]/g, '\\$&');
  const where = term ? [{ name: ILike(`%${term}%`) }, { email: ILike(`%${term}%`) }] : undefined;
  const [rows, count] = await repo.findAndCount({
    where,
    relations: USER_VIEW_RELATIONS,
    order: { name: 'ASC', id: 'ASC' },
    take: PAGE_SIZE,
    skip: (o.pageNumber - 1) * PAGE_SIZE,
  });
  return { users: rows.map(toUserView), count, hasMore: count > o.pageNumber * PAGE_SIZE };
}
