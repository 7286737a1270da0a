import { AppError, CHANNEL_PLAN_FLAG, type CreateWhatsappInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { CompanyEntity, WhatsappEntity, type Whatsapp } from '../../db/entities/index.js';
import { crossTenantData, platformData } from '../../db/platform-data.js';
import type { Principal } from '../../access/principal.js';
import { hasSession } from '../../sessions/session-runtime.js';
import {
  assertCanManageConnections,
  connectionCompanyOf,
  loadWhatsapp,
  sessionTargetOf,
  whatsappsOf,
} from './connections-access.js';
import { checkWhatsappInput, newConnectionToken } from './check-whatsapp-input.js';
import { setWhatsappQueues } from './set-whatsapp-queues.js';
import { assertCloudNumberFree, verifyCloudApi } from './verify-cloud-api.js';
import { toWhatsappView } from './whatsapp-view.js';

/**
 * Creates a connection: the channel must be in the plan and the plan's connection limit not
 * reached (0 = unlimited); the first connection, or one marked default, becomes the only
 * default. A WhatsApp (Baileys) connection gets its session started through the runtime; a
 * Cloud API one is checked with Meta first (number, token, webhook subscription) and stored
 * CONNECTED with its display number, or not at all.
 */
export async function createWhatsapp(
  ctx: AppContext,
  o: { auth: Principal; input: CreateWhatsappInput },
) {
  await assertCanManageConnections(ctx, o.auth);
  const {
    queueIds = [],
    token,
    companyId: requested,
    phoneNumberId,
    businessAccountId,
    accessToken,
    ...fields
  } = o.input;
  const companyId = connectionCompanyOf(o.auth, requested);
  const channel = fields.channel ?? 'whatsapp';
  await checkWhatsappInput(ctx, companyId, { ...o.input, channel });
  let cloud: Partial<Whatsapp> = {};
  if (channel === 'whatsappapi' && phoneNumberId && accessToken) {
    await assertCloudNumberFree(ctx, phoneNumberId);
    const { number } = await verifyCloudApi(ctx, {
      companyId,
      phoneNumberId,
      accessToken,
      businessAccountId,
    });
    cloud = {
      facebookPageUserId: phoneNumberId,
      tokenMeta: accessToken,
      businessAccountId: businessAccountId || null,
      number,
      status: 'CONNECTED',
    };
  }

  // One transaction in the company's scope: its row locked against concurrent creations.
  const created = await platformData(ctx.ds).transaction(async (tx) => {
    const company = await tx.of(CompanyEntity).findOne({
      where: { id: companyId },
      relations: { plan: true },
      lock: { mode: 'pessimistic_write', tables: ['companies'] },
    });
    if (!company) throw new AppError('ERR_NO_COMPANY_FOUND');
    if (!company.plan) throw new AppError('ERR_NO_PLAN_FOUND');
    if (!company.plan[CHANNEL_PLAN_FLAG[channel]]) throw new AppError('ERR_CHANNEL_NOT_IN_PLAN');
    const own = tx.tenant(companyId);
    const repo = own.of(WhatsappEntity);
    const limit = company.numberConections ?? company.plan.connections;
    const count = await repo.count();
    if (limit > 0 && count >= limit) throw new AppError('ERR_CONNECTION_LIMIT_REACHED');
    if (await repo.exists({ name: fields.name })) {
      throw new AppError('ERR_DUPLICATED_CONNECTION', {
        fields: [{ field: 'name', message: 'A connection with this name exists' }],
      });
    }
    let apiToken = token ?? newConnectionToken();
    // API tokens are unique across companies: checked outside this company's scope.
    const tokens = crossTenantData(ctx.ds, 'platform-unique-values').of(WhatsappEntity);
    while (await tokens.exists({ token: apiToken })) {
      if (token)
        throw new AppError('ERR_VALIDATION', {
          fields: [{ field: 'token', message: 'Token in use' }],
        });
      apiToken = newConnectionToken();
    }
    const isDefault = count === 0 || fields.isDefault === true;
    if (isDefault) await repo.update({ isDefault: true }, { isDefault: false });
    const row = await repo.insert({
      ...(fields as Partial<Whatsapp>),
      importOldMessages: fields.importOldMessages ? new Date(fields.importOldMessages) : null,
      importRecentMessages: fields.importRecentMessages
        ? new Date(fields.importRecentMessages)
        : null,
      channel,
      token: apiToken,
      isDefault,
      status: 'DISCONNECTED',
      ...cloud,
    });
    await setWhatsappQueues(own, { whatsappId: row.id, queueIds });
    return row;
  }, companyId);

  if (hasSession(channel)) {
    const { started, resourceName } = await ctx.sessions.start(await sessionTargetOf(ctx, created));
    await whatsappsOf(ctx, companyId).update(
      { id: created.id },
      { status: started ? 'OPENING' : 'DISCONNECTED', resourceName },
    );
  }
  const view = toWhatsappView(await loadWhatsapp(ctx, companyId, created.id));
  ctx.events.publish('whatsapp.created', { companyId, whatsapp: view });
  return view;
}
