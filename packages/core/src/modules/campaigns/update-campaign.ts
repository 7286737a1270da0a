import { AppError, isCampaignEditable, type UpdateCampaignInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { CampaignEntity } from '../../db/entities/index.js';
import type { Principal } from '../../access/principal.js';
import { loadCampaign, loadCampaignView } from './campaign-view.js';
import { startCampaignDelivery, stopCampaignDelivery } from './campaign-process.js';
import {
  CAMPAIGN_FIELD_NAMES,
  checkCampaignInput,
  type CampaignFields,
} from './check-campaign-input.js';
import { campaignData } from './plan-feature.js';

/**
 * Saves a campaign (docs/product/campaigns.md#campaign-status): only while INATIVA, CANCELADA, or PROGRAMADA more than 1 hour
 * ahead (ERR_CAMPAIGN_NOT_EDITABLE otherwise, nothing changes). The fields sent replace the
 * stored ones; the status follows the scheduled time: set, PROGRAMADA (its workflow restarted
 * to wait for the new time); none, INATIVA (a workflow waiting to start is told to stop).
 */
export async function updateCampaign(
  ctx: AppContext,
  o: { auth: Principal; id: number; input: UpdateCampaignInput },
) {
  const db = await campaignData(ctx, o.auth);
  const { before, status } = await db.transaction(async (tx) => {
    const before = await loadCampaign(tx, o.id, true);
    if (!isCampaignEditable(before)) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE');
    const merged = { ...before } as CampaignFields;
    for (const k of CAMPAIGN_FIELD_NAMES) {
      const v = o.input[k];
      if (v !== undefined) (merged as Record<string, unknown>)[k] = v;
    }
    const fields = await checkCampaignInput(tx, pick(merged));
    const status = fields.scheduledAt ? 'PROGRAMADA' : 'INATIVA';
    await tx.of(CampaignEntity).update({ id: o.id }, { ...fields, status });
    return { before, status };
  });
  if (status === 'PROGRAMADA') await startCampaignDelivery(ctx, db.companyId, o.id);
  else if (before.status === 'PROGRAMADA') await stopCampaignDelivery(ctx, o.id);
  const view = await loadCampaignView(db, o.id);
  ctx.events.publish('campaign.updated', { companyId: db.companyId, campaignId: o.id });
  return view;
}

function pick(row: CampaignFields): CampaignFields {
  return Object.fromEntries(CAMPAIGN_FIELD_NAMES.map((k) => [k, row[k]])) as CampaignFields;
}
