import { IsNull } from 'typeorm';
import {
  AppError,
  isWithinWorkHours,
  type LoginInput,
  type LoginResponse,
  isAdministrator,
} from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { Company, RefreshToken, User } from '../../db/entities/index.js';
import { USER_VIEW_RELATIONS, toUserView } from '../users/user-view.js';
import { verifyPassword } from './password.js';
import { permissionUserOf } from '../users/permission-user.js';
import { issueSession } from './issue-session.js';
import { isCompanySuspended } from './company-access.js';
import { companyTimeZone } from '../companies/company-time-zone.js';

export interface LoginResult extends LoginResponse {
  refreshToken: string;
}

/**
 * Logs a user in. Wrong email or password: ERR_INVALID_CREDENTIALS (same answer for both).
 * A non-admin outside startWork–endWork (company timezone): ERR_OUT_OF_HOURS. A company
 * suspended while its subscription is still valid: ERR_COMPANY_INACTIVE; an expired one may
 * log in, so the console can send it to /financeiro-aberto. A new login ends the user's other
 * sessions: their refresh tokens are revoked and their access tokens superseded.
 */
export async function loginUser(
  ctx: AppContext,
  options: LoginInput & { userAgent?: string; ip?: string; now?: Date },
): Promise<LoginResult> {
  const now = options.now ?? new Date();
  const users = ctx.ds.getRepository<User>('User');
  const found = await users.findOne({
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

  const session = await ctx.ds.transaction(async (em) => {
    await em
      .getRepository<RefreshToken>('RefreshToken')
      .update({ userId: found.id, revokedAt: IsNull() }, { revokedAt: now });
    await em.getRepository<User>('User').increment({ id: found.id }, 'tokenVersion', 1);
    await em.getRepository<Company>('Company').update({ id: company.id }, { lastLogin: now });
    return issueSession(ctx, em, {
      user: { ...found, tokenVersion: found.tokenVersion + 1 },
      userAgent: options.userAgent,
      ip: options.ip,
    });
  });

  const user = await users.findOneOrFail({
    where: { id: found.id },
    relations: USER_VIEW_RELATIONS,
  });
  ctx.events.publish('user.logged_in', { companyId: user.companyId, userId: user.id });
  ctx.logger.info({ companyId: user.companyId, userId: user.id }, 'user logged in');
  return { token: session.accessToken, refreshToken: session.refreshToken, user: toUserView(user) };
}
