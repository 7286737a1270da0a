import { Not } from 'typeorm';
import { AppError, type UpdateWhatsappInput, MSG_REQUIRED } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { WhatsappEntity, type Whatsapp } from '../../db/entities/index.js';
import { crossTenantData } from '../../db/platform-data.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { assertCanManageConnections, loadWhatsapp } from './connections-access.js';
import { checkWhatsappInput } from './check-whatsapp-input.js';
import { disconnectForImport } from './disconnect-for-import.js';
import { setWhatsappQueues } from './set-whatsapp-queues.js';
import { assertCloudNumberFree, verifyCloudApi } from './verify-cloud-api.js';
import { toWhatsappView } from './whatsapp-view.js';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * Updates a connection. Rules are checked on the merged result; the channel never changes;
 * the company always keeps exactly one default connection (ERR_NO_OTHER_WHATSAPP). A Cloud API
 * connection whose phone-number id, token or business account changes is checked with Meta
 * again before anything is stored; an empty or absent token keeps the stored one.
 */
export async function updateWhatsapp(
  ctx: AppContext,
  o: { auth: Principal; whatsappId: number; input: UpdateWhatsappInput },
) {
  await assertCanManageConnections(ctx, o.auth);
  const companyId = o.auth.companyId;
  const current = await loadWhatsapp(ctx, companyId, o.whatsappId);
  const { queueIds, channel, phoneNumberId, businessAccountId, accessToken, ...fields } = o.input;
  if (channel && channel !== current.channel) {
    throw new AppError('ERR_VALIDATION', {
      fields: [{ field: 'channel', message: 'The channel of a connection cannot change' }],
    });
  }
  const merged = {
    ...current,
    importOldMessages: iso(current.importOldMessages),
    importRecentMessages: iso(current.importRecentMessages),
    queueIds: queueIds ?? (current.whatsappQueues ?? []).map((q) => q.queueId),
    ...fields,
  } as UpdateWhatsappInput & { queueIds: number[] };
  await checkWhatsappInput(ctx, companyId, merged, Object.keys(fields));
  if (fields.isDefault === false && current.isDefault) throw new AppError('ERR_NO_OTHER_WHATSAPP');
  const cloud =
    current.channel === 'whatsappapi'
      ? await cloudChanges(ctx, current, { phoneNumberId, businessAccountId, accessToken })
      : {};

  await tenantData(ctx.ds, companyId).transaction(async (tx) => {
    const repo = tx.of(WhatsappEntity);
    if (fields.name && (await repo.exists({ name: fields.name, id: Not(current.id) }))) {
      throw new AppError('ERR_DUPLICATED_CONNECTION', {
        fields: [{ field: 'name', message: 'A connection with this name exists' }],
      });
    }
    // API tokens are unique across companies: checked outside this company's scope.
    if (
      fields.token &&
      (await crossTenantData(ctx.ds, 'platform-unique-values')
        .of(WhatsappEntity)
        .exists({ token: fields.token, id: Not(current.id) }))
    ) {
      throw new AppError('ERR_VALIDATION', {
        fields: [{ field: 'token', message: 'Token in use' }],
      });
    }
    if (fields.isDefault === true) await repo.update({ id: Not(current.id) }, { isDefault: false });
    const patch: Partial<Whatsapp> = { ...(fields as Partial<Whatsapp>), ...cloud };
    if (fields.importOldMessages !== undefined)
      patch.importOldMessages = fields.importOldMessages
        ? new Date(fields.importOldMessages)
        : null;
    if (fields.importRecentMessages !== undefined)
      patch.importRecentMessages = fields.importRecentMessages
        ? new Date(fields.importRecentMessages)
        : null;
    if (Object.keys(patch).length) await repo.update({ id: current.id }, patch);
    if (queueIds) await setWhatsappQueues(tx, { whatsappId: current.id, queueIds });
  });

  // docs/product/connections.md#connection-status: turning the import on for a CONNECTED session forces a disconnect, so the
  // history is read from a fresh login.
  if (current.status === 'CONNECTED' && !current.importOldMessages && fields.importOldMessages)
    await disconnectForImport(ctx, current);

  const view = toWhatsappView(await loadWhatsapp(ctx, companyId, current.id));
  ctx.events.publish('whatsapp.updated', { companyId, whatsapp: view });
  return view;
}

/** What a Cloud API connection's update stores of its Meta fields, checked with Meta when they change. */
async function cloudChanges(
  ctx: AppContext,
  current: Whatsapp,
  sent: Pick<UpdateWhatsappInput, 'phoneNumberId' | 'businessAccountId' | 'accessToken'>,
): Promise<Partial<Whatsapp>> {
  const phoneNumberId = sent.phoneNumberId ?? current.facebookPageUserId;
  const accessToken = sent.accessToken || current.tokenMeta;
  const businessAccountId =
    sent.businessAccountId === undefined
      ? current.businessAccountId
      : sent.businessAccountId || null;
  const changed =
    phoneNumberId !== current.facebookPageUserId ||
    accessToken !== current.tokenMeta ||
    businessAccountId !== current.businessAccountId;
  if (!changed) return {};
  const missing = [
    ...(phoneNumberId ? [] : [{ field: 'phoneNumberId', message: MSG_REQUIRED }]),
    ...(accessToken ? [] : [{ field: 'accessToken', message: MSG_REQUIRED }]),
  ];
  if (missing.length) throw new AppError('ERR_VALIDATION', { fields: missing });
  if (phoneNumberId !== current.facebookPageUserId)
    await assertCloudNumberFree(ctx, phoneNumberId!, current.id);
  const { number } = await verifyCloudApi(ctx, {
    companyId: current.companyId,
    phoneNumberId: phoneNumberId!,
    accessToken: accessToken!,
    businessAccountId: businessAccountId !== current.businessAccountId ? businessAccountId : null,
  });
  return {
    facebookPageUserId: phoneNumberId,
    tokenMeta: accessToken,
    businessAccountId,
    number,
    status: 'CONNECTED',
    statusReason: null,
  };
}
