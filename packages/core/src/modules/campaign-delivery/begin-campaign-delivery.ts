import type { CampaignProgress } from '@atendo/domain/processes';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import { withCompany } from '../../db/tenant-scope.js';
import {
  campaignProgress,
  loadDeliveryState,
  moveCampaignStatus,
  publishCampaignProgress,
} from './delivery-state.js';
import { prepareCampaignShippings } from './prepare-campaign-shippings.js';

/** What the workflow does after {@link beginCampaignDelivery}. */
export type CampaignBegin =
  /** Not to be delivered (INATIVA, CANCELADA, FINALIZADA, or deleted: status 'DELETED'). */
  | { kind: 'stopped'; progress: CampaignProgress }
  /** PROGRAMADA for later: ask again after `ms`. */
  | { kind: 'scheduled'; ms: number; progress: CampaignProgress }
  /** EM_ANDAMENTO with its shipping records written. */
  | { kind: 'running'; progress: CampaignProgress };

/**
 * A delivery's first step: a PROGRAMADA campaign whose time has come moves to EM_ANDAMENTO; a
 * running one gets its shipping records (written once, see prepareCampaignShippings). Safe to
 * repeat (a resumed worker, a restarted workflow).
 */
export async function beginCampaignDelivery(
  ctx: AppContext,
  o: { companyId: number; campaignId: number },
  now: Date = new Date(),
): Promise<CampaignBegin> {
  return withCompany(o.companyId, async () => {
    const db = tenantData(ctx.ds, o.companyId);
    const state = await loadDeliveryState(ctx, db, o.campaignId);
    if (!state)
      return { kind: 'stopped', progress: await campaignProgress(db, o.campaignId, 'DELETED') };
    const { campaign } = state;
    if (campaign.status === 'PROGRAMADA') {
      const due = campaign.scheduledAt ? new Date(campaign.scheduledAt).getTime() : 0;
      if (due > now.getTime())
        return {
          kind: 'scheduled',
          ms: due - now.getTime(),
          progress: await campaignProgress(db, o.campaignId, campaign.status),
        };
      if (await moveCampaignStatus(ctx, db, o.campaignId, ['PROGRAMADA'], 'EM_ANDAMENTO'))
        campaign.status = 'EM_ANDAMENTO';
      else return beginCampaignDelivery(ctx, o, now); // changed meanwhile: read it again
    }
    if (campaign.status !== 'EM_ANDAMENTO')
      return {
        kind: 'stopped',
        progress: await campaignProgress(db, o.campaignId, campaign.status),
      };
    await prepareCampaignShippings(db, campaign, state.settings);
    return {
      kind: 'running',
      progress: await publishCampaignProgress(ctx, db, o.campaignId, campaign.status),
    };
  });
}
