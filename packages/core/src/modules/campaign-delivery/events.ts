import type { CampaignProgress } from '@atendo/domain/processes';

/** The domain events the campaign-delivery module publishes (docs/architecture.md#domain-events-and-listeners). */
export interface CampaignDeliveryEvents {
  /** A campaign's delivery moved it (EM_ANDAMENTO when due, FINALIZADA at the end). */
  'campaign.status_changed': { companyId: number; campaignId: number; status: string };
  /** A campaign's delivery sent messages: its counters now. */
  'campaign.progressed': { companyId: number; campaignId: number; progress: CampaignProgress };
}
