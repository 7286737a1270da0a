import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { UserEntity, type User } from '../../db/entities/index.js';
import { crossTenantData } from '../../db/platform-data.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { USER_VIEW_RELATIONS } from './user-view.js';

/** The company a call acts on: the caller's own, or (super admins only) the one they name. */
export function targetCompany(auth: Principal, requested?: number): number {
  return auth.super && requested ? requested : auth.companyId;
}

/** True for an id a company can have: a list of any other company's rows is empty. */
export const isCompanyId = (id: number): boolean => Number.isSafeInteger(id) && id > 0;

/** The users repository scoped to one company. */
export const usersOf = (ctx: AppContext, companyId: number) =>
  tenantData(ctx.ds, companyId).of(UserEntity);

/** A user the caller may see (same company, or any for super), with the view relations. */
export async function loadUser(ctx: AppContext, auth: Principal, userId: number): Promise<User> {
  // A super admin may act on a user of any company.
  const repo = auth.super
    ? crossTenantData(ctx.ds, 'super-admin').of(UserEntity)
    : usersOf(ctx, auth.companyId);
  const user = await repo.findOne({ where: { id: userId }, relations: USER_VIEW_RELATIONS });
  if (!user || (!auth.super && user.companyId !== auth.companyId))
    throw new AppError('ERR_NO_USER_FOUND');
  return user;
}

/**
 * A user the caller may change: visible to them, and — when the user is a super admin —
 * the caller is one too (a company-1 admin must not take over the platform account).
 */
export async function loadEditableUser(
  ctx: AppContext,
  auth: Principal,
  userId: number,
): Promise<User> {
  const user = await loadUser(ctx, auth, userId);
  if (user.super && !auth.super) throw new AppError('ERR_NO_PERMISSION');
  return user;
}
