import type { CreateCampaignInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { CampaignEntity } from '../../db/entities/index.js';
import type { Principal } from '../../access/principal.js';
import { loadCampaignView } from './campaign-view.js';
import { startCampaignDelivery } from './campaign-process.js';
import { checkCampaignInput } from './check-campaign-input.js';
import { campaignData } from './plan-feature.js';

/**
 * Creates a campaign (docs/product/campaigns.md#limits-and-defaults defaults: openTicket disabled, statusTicket closed). With a
 * scheduled time it is PROGRAMADA and its delivery workflow starts (it waits for that time);
 * without, it is an INATIVA draft.
 */
export async function createCampaign(
  ctx: AppContext,
  o: { auth: Principal; input: CreateCampaignInput },
) {
  const db = await campaignData(ctx, o.auth);
  const i = o.input;
  const fields = await checkCampaignInput(db, {
    name: i.name,
    message1: i.message1 ?? null,
    message2: i.message2 ?? null,
    message3: i.message3 ?? null,
    message4: i.message4 ?? null,
    message5: i.message5 ?? null,
    confirmationMessage1: i.confirmationMessage1 ?? null,
    confirmationMessage2: i.confirmationMessage2 ?? null,
    confirmationMessage3: i.confirmationMessage3 ?? null,
    confirmationMessage4: i.confirmationMessage4 ?? null,
    confirmationMessage5: i.confirmationMessage5 ?? null,
    confirmation: i.confirmation ?? false,
    scheduledAt: i.scheduledAt ?? null,
    contactListId: i.contactListId ?? null,
    tagListId: i.tagListId ?? null,
    whatsappId: i.whatsappId,
    userId: i.userId ?? null,
    queueId: i.queueId ?? null,
    openTicket: i.openTicket ?? 'disabled',
    statusTicket: i.statusTicket ?? 'closed',
  });
  const status = fields.scheduledAt ? 'PROGRAMADA' : 'INATIVA';
  const { id } = await db.of(CampaignEntity).insert({ ...fields, status });
  if (status === 'PROGRAMADA') await startCampaignDelivery(ctx, db.companyId, id);
  const view = await loadCampaignView(db, id);
  ctx.events.publish('campaign.created', { companyId: db.companyId, campaignId: id });
  return view;
}
