import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { CampaignEntity } from '../../db/entities/index.js';
import type { Principal } from '../../access/principal.js';
import { loadCampaign, loadCampaignView } from './campaign-view.js';
import { stopCampaignDelivery } from './campaign-process.js';
import { campaignData } from './plan-feature.js';

const CANCELLABLE = new Set(['EM_ANDAMENTO', 'PROGRAMADA']);

/**
 * Cancels a campaign in progress or scheduled (docs/product/campaigns.md#campaign-status): CANCELADA in the database first,
 * which every send re-reads, then its workflow is signalled. Any other status is refused with
 * ERR_CAMPAIGN_INVALID_TRANSITION and nothing changes.
 */
export async function cancelCampaign(ctx: AppContext, o: { auth: Principal; id: number }) {
  const db = await campaignData(ctx, o.auth);
  await db.transaction(async (tx) => {
    const row = await loadCampaign(tx, o.id, true);
    if (!CANCELLABLE.has(row.status)) throw new AppError('ERR_CAMPAIGN_INVALID_TRANSITION');
    await tx.of(CampaignEntity).update({ id: o.id }, { status: 'CANCELADA' });
  });
  await stopCampaignDelivery(ctx, o.id);
  const view = await loadCampaignView(db, o.id);
  ctx.events.publish('campaign.updated', { companyId: db.companyId, campaignId: o.id });
  return view;
}
