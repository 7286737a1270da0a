import { rooms } from '@atendo/domain';
import type { CampaignProgress } from '@atendo/domain/processes';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Pushes } from '../../events/pushes.js';
import { campaignReport, loadCampaignView } from '../campaigns/campaign-view.js';
import { sendCommittedSignals } from './reply-signals.js';

/**
 * `company-{id}-campaign` pushes of the delivery (status changes and progress), as the lineage
 * consoles read them: `{ action: 'update', record }`, the record being the campaign's view with
 * its report counters, plus `progress` (the workflow's query shape). Campaigns are an admin
 * area (profile user blocked), so the admins room. Also sends the confirmation signals of
 * inbound replies once their transaction committed.
 */
export function registerCampaignDeliveryListeners(ctx: AppContext, realtime: Pushes): void {
  const push = async (companyId: number, campaignId: number, progress?: CampaignProgress) => {
    const db = tenantData(ctx.ds, companyId);
    const view = await loadCampaignView(db, campaignId).catch(() => null);
    if (!view) return;
    const report = await campaignReport(db, view);
    realtime.emit(companyId, 'campaign', [rooms.admins], {
      action: 'update',
      record: { ...view, report },
      ...(progress ? { progress } : {}),
    });
  };
  ctx.events.on('campaign.status_changed', ({ companyId, campaignId }) =>
    push(companyId, campaignId),
  );
  ctx.events.on('campaign.progressed', ({ companyId, campaignId, progress }) =>
    push(companyId, campaignId, progress),
  );
  ctx.events.on('message.created', ({ messageId }) => sendCommittedSignals(ctx, messageId));
}
