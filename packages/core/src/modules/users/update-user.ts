import { IsNull, Not } from 'typeorm';
import {
  AppError,
  userAdminFields,
  type UpdateUserInput,
  type UserView,
  isAdministrator,
} from '@atendo/domain';
import type { AppContext } from '../../context.js';
import {
  RefreshTokenEntity,
  UserEntity,
  UserQueueEntity,
  type User,
} from '../../db/entities/index.js';
import { crossTenantData } from '../../db/platform-data.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { hashPassword } from '../../access/password.js';
import { issueSignIn, type IssuedSignIn } from '../../access/issue-sign-in.js';
import { checkUserLinks } from './check-user-links.js';
import { loadEditableUser, usersOf } from './users-of.js';
import { toUserView, USER_VIEW_RELATIONS } from './user-view.js';

const ADMIN_ONLY = Object.keys(userAdminFields) as (keyof typeof userAdminFields)[];

function sameQueues(a: number[], b: number[]): boolean {
  const x = [...new Set(a)].sort();
  const y = [...new Set(b)].sort();
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

/**
 * Updates a user. Anyone may edit their own name, email, password and preferences; only
 * admins (of that company, or super) may edit other users or the admin-only fields
 * (profile, queues, connection, work hours, permissions); only super admins set `super`.
 * A new password ends the user's sign-ins (access tokens superseded, refresh tokens revoked);
 * set by someone else, their sockets close too. Set by the user, the current sign-in goes on
 * under fresh tokens: `signIn` holds them, for the caller's refresh cookie (its access
 * token then refreshes once), and the open sockets stay.
 */
export async function updateUser(
  ctx: AppContext,
  o: { auth: Principal; userId: number; input: UpdateUserInput; userAgent?: string; ip?: string },
): Promise<{ user: UserView; signIn?: IssuedSignIn }> {
  const isAdmin = isAdministrator(o.auth);
  if (!isAdmin && o.userId !== o.auth.userId) throw new AppError('ERR_NO_PERMISSION');
  const current = await loadEditableUser(ctx, o.auth, o.userId);
  const { password, queueIds, super: superFlag, ...fields } = o.input;

  if (!isAdmin) {
    const currentQueues = (current.userQueues ?? []).map((q) => q.queueId);
    for (const key of ADMIN_ONLY) {
      const v = key === 'queueIds' ? queueIds : (fields as Record<string, unknown>)[key];
      if (v === undefined) continue;
      const same =
        key === 'queueIds'
          ? sameQueues(v as number[], currentQueues)
          : v === (current as unknown as Record<string, unknown>)[key];
      if (!same) throw new AppError('ERR_NO_PERMISSION');
    }
  }
  if (superFlag !== undefined && superFlag !== current.super && !o.auth.super)
    throw new AppError('ERR_NO_PERMISSION');
  await checkUserLinks(ctx, {
    companyId: current.companyId,
    queueIds,
    whatsappId: fields.whatsappId,
  });

  const resetByOther = Boolean(password) && current.id !== o.auth.userId;
  const signIn = await tenantData(ctx.ds, current.companyId).transaction(async (tx) => {
    const users = tx.of(UserEntity);
    // Emails are unique across companies: checked outside this company's scope.
    if (
      fields.email &&
      (await crossTenantData(ctx.ds, 'platform-unique-values')
        .of(UserEntity)
        .exists({ email: fields.email, id: Not(current.id) }))
    ) {
      throw new AppError('ERR_DUPLICATED_EMAIL', {
        fields: [{ field: 'email', message: 'This email is in use' }],
      });
    }
    const patch: Partial<User> = { ...(fields as Partial<User>) };
    if (superFlag !== undefined) patch.super = superFlag;
    if (password) patch.passwordHash = await hashPassword(password);
    if (Object.keys(patch).length) await users.update({ id: current.id }, patch);
    if (password) {
      await users.increment({ id: current.id }, 'tokenVersion', 1);
      await tx
        .of(RefreshTokenEntity)
        .update({ userId: current.id, revokedAt: IsNull() }, { revokedAt: new Date() });
    }
    if (queueIds && isAdmin) {
      const uq = tx.of(UserQueueEntity);
      await uq.delete({ userId: current.id });
      if (queueIds.length) {
        await uq.insertMany(
          [...new Set(queueIds)].map((queueId) => ({ userId: current.id, queueId })),
        );
      }
    }
    if (!password || resetByOther) return undefined;
    const renewed = await users.get({ where: { id: current.id } });
    return issueSignIn(ctx, tx, { user: renewed, userAgent: o.userAgent, ip: o.ip });
  });

  const full = await usersOf(ctx, current.companyId).get({
    where: { id: current.id },
    relations: USER_VIEW_RELATIONS,
  });
  const view = toUserView(full);
  if (resetByOther)
    ctx.events.publish('user.signed_out_everywhere', {
      companyId: current.companyId,
      userId: current.id,
    });
  ctx.events.publish('user.updated', { companyId: current.companyId, user: view });
  return { user: view, signIn };
}
