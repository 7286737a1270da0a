import { CAMPAIGN_REPLY_LOOKBACK_MS, isCampaignOptOut } from '@atendo/domain';
import type { TenantData } from '../../db/tenant-data.js';

/** What a customer's message meant to the campaigns that wrote to its number. */
export type CampaignReply =
  /** An opt-out word after a campaign message: the contact is out of every future campaign. */
  | { kind: 'opted-out' }
  /** The answer to confirmation requests: these shippings are confirmed (signal their workflows). */
  | { kind: 'confirmed'; shippings: { id: number; campaignId: number }[] }
  | { kind: 'none' };

/**
 * Reads a customer's message as a campaign reply (docs/product/campaigns.md#delivery), inside the inbound turn's
 * transaction. An opt-out word ('SAIR', 'STOP', 'PARAR', 'CANCELAR'; trimmed, any case) from a
 * number a campaign wrote to within the last 30 days marks the contact campaignOptOut: no
 * campaign sends to it again (pending records are dropped when their turn comes). Otherwise,
 * any message from a number whose confirmation request of a running campaign is unanswered
 * confirms it. The common case, a number no campaign waits on, is one lookup of a small index.
 */
export async function answerCampaignReply(
  tx: TenantData,
  o: { contactId: number; number: string; text: string; now: Date },
): Promise<CampaignReply> {
  if (isCampaignOptOut(o.text)) {
    const since = new Date(o.now.getTime() - CAMPAIGN_REPLY_LOOKBACK_MS);
    const [wrote] = await tx.query(
      `SELECT 1 FROM campaign_shippings
        WHERE "companyId" = $1 AND number = $2
          AND ("deliveredAt" >= $3 OR "confirmationRequestedAt" >= $3
               OR ("jobId" IS NOT NULL OR "confirmationMessageId" IS NOT NULL) AND "updatedAt" >= $3)
        LIMIT 1`,
      [tx.companyId, o.number, since],
    );
    if (wrote) {
      await tx.query(
        `UPDATE contacts SET "campaignOptOut" = true, "updatedAt" = now()
          WHERE "companyId" = $1 AND (id = $2 OR number = $3) AND NOT "campaignOptOut"`,
        [tx.companyId, o.contactId, o.number],
      );
      return { kind: 'opted-out' };
    }
  }
  // Through a CTE: a raw UPDATE answers [rows, count], which would read as two confirmations.
  const shippings = await tx.prepared<{ id: number; campaignId: number }>(
    'campaign-confirm-reply',
    `WITH u AS (
       UPDATE campaign_shippings s SET "confirmedAt" = now(), "updatedAt" = now()
         FROM campaigns c
        WHERE s."companyId" = $1 AND s.number = $2 AND s.confirmation
          AND s."confirmationMessageId" IS NOT NULL AND s."confirmedAt" IS NULL
          AND c.id = s."campaignId" AND c.status = 'EM_ANDAMENTO'
        RETURNING s.id, s."campaignId")
     SELECT id, "campaignId" FROM u`,
    [tx.companyId, o.number],
  );
  return shippings.length ? { kind: 'confirmed', shippings } : { kind: 'none' };
}
