/** The domain events the campaigns module publishes (docs/architecture.md#domain-events-and-listeners). */
export interface CampaignsEvents {
  /** A campaign was created or changed (by the api or its delivery workflow): push its row. */
  'campaign.created': { companyId: number; campaignId: number };
  'campaign.updated': { companyId: number; campaignId: number };
  'campaign.deleted': { companyId: number; campaignId: number };
}
