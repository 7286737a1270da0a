import { AppError, type CreateUserInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { Company, User, UserQueue } from '../../db/entities/index.js';
import type { Principal } from '../auth/tokens.js';
import { hashPassword } from '../auth/password.js';
import { checkUserLinks } from './check-user-links.js';
import { targetCompany } from './users-of.js';
import { toUserView, USER_VIEW_RELATIONS } from './user-view.js';

/**
 * Creates a user in the admin's company (super admins may name another company and set the
 * super flag). Refused beyond the plan's user limit (0 = unlimited) or for a taken email.
 */
export async function createUser(ctx: AppContext, o: { auth: Principal; input: CreateUserInput }) {
  const { password, queueIds, companyId: requested, super: superFlag, ...fields } = o.input;
  if (superFlag && !o.auth.super) throw new AppError('ERR_NO_PERMISSION');
  const companyId = targetCompany(o.auth, requested);
  await checkUserLinks(ctx, { companyId, queueIds, whatsappId: fields.whatsappId });

  const user = await ctx.ds.transaction(async (em) => {
    const company = await em
      .getRepository<Company>('Company')
      .findOne({
        where: { id: companyId },
        relations: { plan: true },
        lock: { mode: 'pessimistic_write', tables: ['companies'] },
      });
    if (!company) throw new AppError('ERR_NO_COMPANY_FOUND');
    const users = em.getRepository<User>('User');
    const limit = company.plan?.users ?? 0;
    if (limit > 0 && (await users.count({ where: { companyId } })) >= limit)
      throw new AppError('ERR_USER_LIMIT_REACHED');
    if (await users.exist({ where: { email: fields.email } })) {
      throw new AppError('ERR_DUPLICATED_EMAIL', {
        fields: [{ field: 'email', message: 'This email is in use' }],
      });
    }
    const saved = await users.save(
      users.create({
        ...fields,
        companyId,
        super: superFlag ?? false,
        passwordHash: await hashPassword(password),
      }),
    );
    if (queueIds?.length) {
      await em
        .getRepository<UserQueue>('UserQueue')
        .insert(
          [...new Set(queueIds)].map((queueId) => ({ userId: saved.id, queueId, companyId })),
        );
    }
    return saved;
  });

  const full = await ctx.ds
    .getRepository<User>('User')
    .findOneOrFail({ where: { id: user.id }, relations: USER_VIEW_RELATIONS });
  const view = toUserView(full);
  ctx.events.publish('user.created', { companyId, user: view });
  return view;
}
