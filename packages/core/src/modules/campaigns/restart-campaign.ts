import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { CampaignEntity } from '../../db/entities/index.js';
import type { Principal } from '../../access/principal.js';
import { loadCampaign, loadCampaignView } from './campaign-view.js';
import { startCampaignDelivery } from './campaign-process.js';
import { campaignData } from './plan-feature.js';

/**
 * Restarts a cancelled campaign (docs/product/campaigns.md#campaign-status): EM_ANDAMENTO again and a fresh delivery workflow,
 * which skips the recipients already reached (their shipping records stay). Only from
 * CANCELADA; anything else is ERR_CAMPAIGN_INVALID_TRANSITION and nothing changes.
 */
export async function restartCampaign(ctx: AppContext, o: { auth: Principal; id: number }) {
  const db = await campaignData(ctx, o.auth);
  await db.transaction(async (tx) => {
    const row = await loadCampaign(tx, o.id, true);
    if (row.status !== 'CANCELADA') throw new AppError('ERR_CAMPAIGN_INVALID_TRANSITION');
    await tx.of(CampaignEntity).update({ id: o.id }, { status: 'EM_ANDAMENTO', completedAt: null });
  });
  await startCampaignDelivery(ctx, db.companyId, o.id);
  const view = await loadCampaignView(db, o.id);
  ctx.events.publish('campaign.updated', { companyId: db.companyId, campaignId: o.id });
  return view;
}
