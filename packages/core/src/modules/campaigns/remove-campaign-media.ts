import { AppError, isCampaignEditable } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { CampaignEntity } from '../../db/entities/index.js';
import type { Principal } from '../../access/principal.js';
import { removePrivateFile } from '../quick-messages/media-files.js';
import { loadCampaign, loadCampaignView } from './campaign-view.js';
import { campaignData } from './plan-feature.js';

/** Removes a campaign's attachment while it is editable. */
export async function removeCampaignMedia(ctx: AppContext, o: { auth: Principal; id: number }) {
  const db = await campaignData(ctx, o.auth);
  const before = await loadCampaign(db, o.id);
  if (!isCampaignEditable(before)) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE');
  await db.of(CampaignEntity).update({ id: o.id }, { mediaPath: null, mediaName: null });
  await removePrivateFile(ctx, db.companyId, before.mediaPath);
  const view = await loadCampaignView(db, o.id);
  ctx.events.publish('campaign.updated', { companyId: db.companyId, campaignId: o.id });
  return view;
}
