// Campaign delivery (docs/product/campaigns.md Campaigns, docs/product/campaigns.md#delivery): the names the api, the worker and the tests
// share. Pure TypeScript: the workflow imports this file inside Temporal's sandbox.

/** Workflow type of one campaign's delivery. */
export const CAMPAIGN_WORKFLOW = 'campaignDelivery';

/** One workflow per campaign: starting it twice is a no-op, cancel and restart find it by id. */
export function campaignWorkflowId(campaignId: number): string {
  return `campaign-${campaignId}`;
}

/** Signals the campaign workflow takes. */
export const CAMPAIGN_SIGNALS = {
  /** The api set CANCELADA: stop at the next step (the database check before a send stops it too). */
  cancel: 'cancel',
  /** A recipient answered the confirmation (arg: the shipping id): send its main message now. */
  confirmed: 'confirmed',
} as const;

/** Queries the campaign workflow answers. */
export const CAMPAIGN_QUERIES = {
  /** {@link CampaignProgress} as of the workflow's last step. */
  progress: 'progress',
} as const;

/** Input of {@link CAMPAIGN_WORKFLOW}; `carry` is what a continued run takes over. */
export interface CampaignDeliveryInput {
  companyId: number;
  campaignId: number;
  carry?: CampaignDeliveryCarry;
}

/** State handed from one run to the next by continue-as-new (the database holds the rest). */
export interface CampaignDeliveryCarry {
  /** Messages sent so far by this workflow (decides when the longer interval falls). */
  sent: number;
}

/** A campaign's delivery as the report shows it. */
export interface CampaignProgress {
  status: string;
  /** Shipping records (the recipients). */
  total: number;
  delivered: number;
  confirmationRequested: number;
  confirmed: number;
}
