import { AppError, type CreateUserInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { CompanyEntity, UserEntity, UserQueueEntity } from '../../db/entities/index.js';
import { crossTenantData, platformData } from '../../db/platform-data.js';
import type { Principal } from '../../access/principal.js';
import { hashPassword } from '../../access/password.js';
import { checkUserLinks } from './check-user-links.js';
import { targetCompany, usersOf } from './users-of.js';
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

  // One transaction in the target company's scope: its row locked against concurrent creations.
  const user = await platformData(ctx.ds).transaction(async (tx) => {
    const company = await tx.of(CompanyEntity).findOne({
      where: { id: companyId },
      relations: { plan: true },
      lock: { mode: 'pessimistic_write', tables: ['companies'] },
    });
    if (!company) throw new AppError('ERR_NO_COMPANY_FOUND');
    const own = tx.tenant(companyId);
    const users = own.of(UserEntity);
    const limit = company.plan?.users ?? 0;
    if (limit > 0 && (await users.count()) >= limit) throw new AppError('ERR_USER_LIMIT_REACHED');
    // Emails are unique across companies: checked outside this company's scope.
    if (
      await crossTenantData(ctx.ds, 'platform-unique-values')
        .of(UserEntity)
        .exists({ email: fields.email })
    ) {
      throw new AppError('ERR_DUPLICATED_EMAIL', {
        fields: [{ field: 'email', message: 'This email is in use' }],
      });
    }
    const saved = await users.insert({
      ...fields,
      super: superFlag ?? false,
      passwordHash: await hashPassword(password),
    });
    if (queueIds?.length) {
      await own
        .of(UserQueueEntity)
        .insertMany([...new Set(queueIds)].map((queueId) => ({ userId: saved.id, queueId })));
    }
    return saved;
  }, companyId);

  const full = await usersOf(ctx, companyId).get({
    where: { id: user.id },
    relations: USER_VIEW_RELATIONS,
  });
  const view = toUserView(full);
  ctx.events.publish('user.created', { companyId, user: view });
  return view;
}
