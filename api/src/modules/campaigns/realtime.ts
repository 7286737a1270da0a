import { rooms } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Pushes } from '../../realtime/server.js';
import { campaignReport, loadCampaignView } from './campaign-view.js';

/**
 * `company-{id}-campaign` to the admins room (only admins see campaigns): the row as it is now
 * with its report counters (as the delivery's pushes send it) for a creation or a change, its
 * id for a deletion.
 */
export function registerCampaignListeners(ctx: AppContext, realtime: Pushes): void {
  const push = async (companyId: number, campaignId: number, action: 'create' | 'update') => {
    const db = tenantData(ctx.ds, companyId);
    const view = await loadCampaignView(db, campaignId).catch(() => null);
    if (!view) return;
    const record = { ...view, report: await campaignReport(db, view) };
    realtime.emit(companyId, 'campaign', [rooms.admins], { action, record });
  };
  ctx.events.on('campaign.created', ({ companyId, campaignId }) =>
    push(companyId, campaignId, 'create'),
  );
  ctx.events.on('campaign.updated', ({ companyId, campaignId }) =>
    push(companyId, campaignId, 'update'),
  );
  ctx.events.on('campaign.deleted', ({ companyId, campaignId }) => {
    realtime.emit(companyId, 'campaign', [rooms.admins], { action: 'delete', id: campaignId });
  });
}
