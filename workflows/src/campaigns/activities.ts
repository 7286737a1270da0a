import { Context } from '@temporalio/activity';
import {
  beginCampaignDelivery,
  deliverCampaignStep,
  type AppContext,
  type CampaignBegin,
  type CampaignStep,
} from '@atendo/core';

/** Input of a campaign activity: the campaign, and the workflow's clock (ms) when it asked. */
export interface CampaignActivityInput {
  companyId: number;
  campaignId: number;
  now: number;
}

/** The campaign delivery's activities: each one use case of the business core (campaign-delivery). */
export function createCampaignActivities(deps: { ctx: AppContext }) {
  return {
    /** PROGRAMADA → EM_ANDAMENTO when due, and the shipping records written (once). */
    campaignBegin(input: CampaignActivityInput): Promise<CampaignBegin> {
      return beginCampaignDelivery(deps.ctx, input, new Date(input.now));
    },

    /**
     * One send, or a batch while the pauses are zero (heartbeating after every send, so a
     * killed worker's batch is retried by another within the heartbeat timeout), or how long
     * to wait, or the end.
     */
    campaignDeliver(input: CampaignActivityInput & { sent: number }): Promise<CampaignStep> {
      const activity = Context.current();
      return deliverCampaignStep(deps.ctx, {
        ...input,
        heartbeat: () => activity.heartbeat(),
      });
    },
  };
}

/** The campaign activities, as the workflow sees them. */
export type CampaignActivities = ReturnType<typeof createCampaignActivities>;
