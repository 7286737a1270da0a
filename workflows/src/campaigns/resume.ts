import {
  CAMPAIGN_WORKFLOW,
  campaignWorkflowId,
  type CampaignDeliveryInput,
} from '@atendo/domain/processes';
import { listCampaignsToResume, type AppContext } from '@atendo/core';

/**
 * Starts the delivery of every PROGRAMADA or EM_ANDAMENTO campaign (a running one is left
 * alone): after an outage, a campaign whose start came or whose workflow was lost carries on
 * from what its shipping records say. Returns how many were started.
 */
export async function resumeCampaigns(ctx: AppContext): Promise<number> {
  let started = 0;
  for (const c of await listCampaignsToResume(ctx)) {
    const input: CampaignDeliveryInput = { companyId: c.companyId, campaignId: c.campaignId };
    if (await ctx.processes.start(CAMPAIGN_WORKFLOW, campaignWorkflowId(c.campaignId), [input]))
      started++;
  }
  return started;
}
