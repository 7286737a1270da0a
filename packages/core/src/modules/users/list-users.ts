import type { userView } from '@atendo/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { userViewsSql } from './load-user-view.js';
import { isCompanyId, targetCompany } from './users-of.js';

const PAGE_SIZE = 20;

/** Matches the users of company $1 whose name or email contains $2 (every user when empty). */
const MATCH = `u."companyId" = $1 AND ($2 = '' OR u.name ILIKE '%' || $2 || '%' OR u.email ILIKE '%' || $2 || '%')`;

/**
 * Users of the caller's company, searched by name or email, paged: one lean query for the page
 * (views built by PostgreSQL, no entity hydration) and one count.
 */
export async function listUsers(
  ctx: AppContext,
  o: { auth: Principal; searchParam: string; pageNumber: number; companyId?: number },
) {
  const companyId = targetCompany(o.auth, o.companyId);
  if (!isCompanyId(companyId)) return { users: [], count: 0, hasMore: false };
  const db = tenantData(ctx.ds, companyId);
  // LIKE wildcards typed by the user are searched for, not expanded.
  const term = o.searchParam.trim().replace(/[%_\\]/g, '\\$&');
  const [users, [total]] = await Promise.all([
    db.prepared<z.input<typeof userView>>(
      'users-page',
      userViewsSql(MATCH, `ORDER BY u.name, u.id LIMIT ${PAGE_SIZE} OFFSET $3`),
      [companyId, term, (o.pageNumber - 1) * PAGE_SIZE],
    ),
    db.prepared<{ count: number }>(
      'users-count',
      `SELECT count(*)::int AS count FROM users u WHERE ${MATCH}`,
      [companyId, term],
    ),
  ]);
  const count = total?.count ?? 0;
  return { users, count, hasMore: count > o.pageNumber * PAGE_SIZE };
}
