import { IsNull } from 'typeorm';
import {
  AppError,
  isWithinWorkHours,
  type LoginInput,
  type LoginResponse,
  isAdministrator,
} from '@atendo/domain';
import type { AppContext } from '../../context.js';
import {
  CompanyEntity,
  RefreshTokenEntity,
  UserEntity,
  type Company,
} from '../../db/entities/index.js';
import { crossTenantData, platformData } from '../../db/platform-data.js';
import { tenantData } from '../../db/tenant-data.js';
import { USER_VIEW_RELATIONS, toUserView } from '../users/user-view.js';
import { verifyPassword } from '../../access/password.js';
import { permissionUserOf } from '../users/permission-user.js';
import { issueSignIn } from '../../access/issue-sign-in.js';
import { isCompanySuspended } from '../../access/company-access.js';
import { companyTimeZone } from '../companies/company-time-zone.js';

export interface LoginResult extends LoginResponse {
  refreshToken: string;
}

/**
 * Logs a user in. Wrong email or password: ERR_INVALID_CREDENTIALS (same answer for both).
 * A non-admin outside startWork–endWork (company timezone): ERR_OUT_OF_HOURS. A company
 * suspended while its subscription is still valid: ERR_COMPANY_INACTIVE; an expired one may
 * log in, so the console can send it to /financeiro-aberto. A new login ends the user's other
 * sign-ins: their refresh tokens are revoked and their access tokens superseded.
 */
export async function loginUser(
  ctx: AppContext,
  options: LoginInput & { userAgent?: string; ip?: string; now?: Date },
): Promise<LoginResult> {
  const now = options.now ?? new Date();
  // Login finds the user by email alone, whatever their company.
  const found = await crossTenantData(ctx.ds, 'login')
    .of(UserEntity)
    .findOne({
      where: { email: options.email },
      relations: { company: true },
    });
  const ok = await verifyPassword(options.password, found?.passwordHash);
  if (!found || !ok) throw new AppError('ERR_INVALID_CREDENTIALS');
  const company = found.company as Company;

  if (
    !isAdministrator(permissionUserOf(found)) &&
    !isWithinWorkHours(found.startWork, found.endWork, now, companyTimeZone(ctx, company))
  ) {
    throw new AppError('ERR_OUT_OF_HOURS');
  }
  if (isCompanySuspended(company, now)) throw new AppError('ERR_COMPANY_INACTIVE');

  // From here on the user is known: their company's scope.
  const signIn = await platformData(ctx.ds).transaction(async (tx) => {
    const own = tx.tenant(found.companyId);
    await own
      .of(RefreshTokenEntity)
      .update({ userId: found.id, revokedAt: IsNull() }, { revokedAt: now });
    await own.of(UserEntity).increment({ id: found.id }, 'tokenVersion', 1);
    await tx.of(CompanyEntity).update({ id: company.id }, { lastLogin: now });
    return issueSignIn(ctx, own, {
      user: { ...found, tokenVersion: found.tokenVersion + 1 },
      userAgent: options.userAgent,
      ip: options.ip,
    });
  }, found.companyId);

  const user = await tenantData(ctx.ds, found.companyId)
    .of(UserEntity)
    .get({ where: { id: found.id }, relations: USER_VIEW_RELATIONS });
  ctx.events.publish('user.logged_in', { companyId: user.companyId, userId: user.id });
  ctx.logger.info({ companyId: user.companyId, userId: user.id }, 'user logged in');
  return { token: signIn.accessToken, refreshToken: signIn.refreshToken, user: toUserView(user) };
}
