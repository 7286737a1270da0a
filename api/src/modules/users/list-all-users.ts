import type { AppContext } from '../../context.js';
import type { Principal } from '../auth/tokens.js';
import { toUserView } from './user-view.js';
import { targetCompany, usersOf } from './users-of.js';

/** Every user of the caller's company, by name. */
export async function listAllUsers(ctx: AppContext, o: { auth: Principal; companyId?: number }) {
  const rows = await usersOf(ctx, targetCompany(o.auth, o.companyId)).find({
    relations: { userQueues: { queue: true } },
    order: { name: 'ASC' },
  });
  return rows.map(toUserView);
}
