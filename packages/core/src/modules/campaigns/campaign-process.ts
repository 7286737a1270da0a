import {
  CAMPAIGN_SIGNALS,
  CAMPAIGN_WORKFLOW,
  campaignWorkflowId,
  type CampaignDeliveryInput,
} from '@atendo/domain/processes';
import type { AppContext } from '../../context.js';

// The campaign's status in the database is the truth; these calls only tell its workflow. They
// run after the change committed and never throw (the gateway logs Temporal trouble; the
// worker's resume step starts what the database says should run).

/**
 * (Re)starts a campaign's delivery workflow. A running one is replaced, so a new scheduled
 * time or a restart after a cancel is what the new run reads.
 */
export async function startCampaignDelivery(
  ctx: AppContext,
  companyId: number,
  campaignId: number,
): Promise<void> {
  const input: CampaignDeliveryInput = { companyId, campaignId };
  await ctx.processes.start(CAMPAIGN_WORKFLOW, campaignWorkflowId(campaignId), [input], {
    restart: true,
  });
}

/** Tells a campaign's workflow it should stop (cancelled, unscheduled or deleted). */
export async function stopCampaignDelivery(ctx: AppContext, campaignId: number): Promise<void> {
  await ctx.processes.signal(campaignWorkflowId(campaignId), CAMPAIGN_SIGNALS.cancel);
}
