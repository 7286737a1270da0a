import { rooms } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Pushes } from '../../events/pushes.js';
import { campaignReport, loadCampaignView } from './campaign-view.js';

/**
 * `company-{id}-campaign` to the admins room (only admins see campaigns): the row as it is now
 * with its report counters (as the delivery's pushes send it) for a creation or a change, its
 * id for a deletion. One campaign's pushes leave in the order of its events: an update whose
 * row was still being read never arrives after the deletion that followed it (the console would
 * show the deleted campaign again).
 */
export function registerCampaignListeners(ctx: AppContext, realtime: Pushes): void {
  /** Each campaign's last queued push; removed once it is the last and has gone out. */
  const queued = new Map<string, Promise<void>>();
  const inOrder = (companyId: number, campaignId: number, send: () => Promise<void> | void) => {
    const key = `${companyId}:${campaignId}`;
    const next = (queued.get(key) ?? Promise.resolve()).then(send).catch(() => undefined);
    queued.set(key, next);
    void next.then(() => {
      if (queued.get(key) === next) queued.delete(key);
    });
  };
  const push = async (companyId: number, campaignId: number, action: 'create' | 'update') => {
    const db = tenantData(ctx.ds, companyId);
    const view = await loadCampaignView(db, campaignId).catch(() => null);
    if (!view) return;
    const record = { ...view, report: await campaignReport(db, view) };
    realtime.emit(companyId, 'campaign', [rooms.admins], { action, record });
  };
  ctx.events.on('campaign.created', ({ companyId, campaignId }) =>
    inOrder(companyId, campaignId, () => push(companyId, campaignId, 'create')),
  );
  ctx.events.on('campaign.updated', ({ companyId, campaignId }) =>
    inOrder(companyId, campaignId, () => push(companyId, campaignId, 'update')),
  );
  ctx.events.on('campaign.deleted', ({ companyId, campaignId }) =>
    inOrder(companyId, campaignId, () =>
      realtime.emit(companyId, 'campaign', [rooms.admins], { action: 'delete', id: campaignId }),
    ),
  );
}
