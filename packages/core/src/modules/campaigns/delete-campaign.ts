import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { CampaignEntity } from '../../db/entities/index.js';
import type { Principal } from '../../access/principal.js';
import { removePrivateFile } from '../quick-messages/media-files.js';
import { loadCampaign } from './campaign-view.js';
import { stopCampaignDelivery } from './campaign-process.js';
import { campaignData } from './plan-feature.js';

/**
 * Deletes a campaign with its shipping records and attachment. One in progress is refused
 * (ERR_CAMPAIGN_RUNNING: cancel it first); a scheduled one's workflow is told to stop.
 */
export async function deleteCampaign(ctx: AppContext, o: { auth: Principal; id: number }) {
  const db = await campaignData(ctx, o.auth);
  const before = await db.transaction(async (tx) => {
    const row = await loadCampaign(tx, o.id, true);
    if (row.status === 'EM_ANDAMENTO') throw new AppError('ERR_CAMPAIGN_RUNNING');
    await tx.of(CampaignEntity).delete({ id: o.id });
    return row;
  });
  if (before.status === 'PROGRAMADA') await stopCampaignDelivery(ctx, o.id);
  await removePrivateFile(ctx, db.companyId, before.mediaPath);
  ctx.events.publish('campaign.deleted', { companyId: db.companyId, campaignId: o.id });
  return { message: 'Campaign deleted' };
}
