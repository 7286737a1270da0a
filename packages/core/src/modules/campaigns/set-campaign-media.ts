import { AppError, isCampaignEditable, MSG_REQUIRED } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { CampaignEntity } from '../../db/entities/index.js';
import type { Principal } from '../../access/principal.js';
import { removePrivateFile } from '../quick-messages/media-files.js';
import { storePrivateUpload } from '../uploads/private-uploads.js';
import { loadCampaign, loadCampaignView } from './campaign-view.js';
import { campaignData } from './plan-feature.js';
import { uploadDisplayName } from '../uploads/upload-display-name.js';

/**
 * Attaches a file to a campaign while it is editable. Its kind comes from its content (an
 * image, audio, video or PDF), it is stored privately under a random name, and the previous
 * attachment is removed.
 */
export async function setCampaignMedia(
  ctx: AppContext,
  o: { auth: Principal; id: number; file: { buffer: Buffer; originalname?: string } | undefined },
) {
  const db = await campaignData(ctx, o.auth);
  const before = await loadCampaign(db, o.id);
  if (!isCampaignEditable(before)) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE');
  if (!o.file?.buffer.length)
    throw new AppError('ERR_VALIDATION', { fields: [{ field: 'file', message: MSG_REQUIRED }] });
  const stored = await storePrivateUpload(ctx, { companyId: db.companyId, file: o.file.buffer });
  const ext = stored.fileName.slice(stored.fileName.lastIndexOf('.') + 1);
  await db
    .of(CampaignEntity)
    .update(
      { id: o.id },
      { mediaPath: stored.fileName, mediaName: uploadDisplayName(o.file.originalname, ext) },
    );
  await removePrivateFile(ctx, db.companyId, before.mediaPath);
  const view = await loadCampaignView(db, o.id);
  ctx.events.publish('campaign.updated', { companyId: db.companyId, campaignId: o.id });
  return view;
}
