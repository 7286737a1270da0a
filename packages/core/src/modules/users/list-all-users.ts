import type { AppContext } from '../../context.js';
import type { Principal } from '../../access/principal.js';
import { toUserView } from './user-view.js';
import { isCompanyId, targetCompany, usersOf } from './users-of.js';

/** Every user of the caller's company, by name. */
export async function listAllUsers(ctx: AppContext, o: { auth: Principal; companyId?: number }) {
  const companyId = targetCompany(o.auth, o.companyId);
  if (!isCompanyId(companyId)) return [];
  const rows = await usersOf(ctx, companyId).find({
    relations: { userQueues: { queue: true } },
    order: { name: 'ASC' },
  });
  return rows.map(toUserView);
}
