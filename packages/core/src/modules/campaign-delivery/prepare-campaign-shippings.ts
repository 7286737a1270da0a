import { applyCustomVariables, filledSlots, type CampaignSettings } from '@atendo/domain';
import type { Campaign } from '../../db/entities/index.js';
import type { TenantData } from '../../db/tenant-data.js';

/** {nome}, {numero} and {email} of `tpl` (a SQL text expression) from the recipient row `r`. */
const render = (tpl: string) =>
  `replace(replace(replace(${tpl}, '{nome}', coalesce(r.name, '')), '{numero}', r.number), '{email}', coalesce(r.email, ''))`;

/** A random element of the text array `$n` (NULL for an empty array); random() runs per row. */
const pick = (n: number) =>
  `CASE WHEN cardinality($${n}::text[]) = 0 THEN NULL
        ELSE ($${n}::text[])[1 + floor(random() * cardinality($${n}::text[]))::int] END`;

/**
 * Writes the campaign's shipping records, one per recipient, once (docs/product/campaigns.md#delivery): the contact
 * list's items with a valid WhatsApp number, or the active one-to-one contacts carrying the tag;
 * opted-out numbers left out. Each gets a random non-empty message of message1..5 (and of the
 * confirmation messages when confirmation is on) with the settings' custom variables and the
 * recipient's {nome}, {numero}, {email}. One INSERT … SELECT … ON CONFLICT DO NOTHING: a rerun
 * (a restart, a resumed worker) adds only recipients that joined since and never changes a
 * record already written. Returns how many were added.
 */
export async function prepareCampaignShippings(
  db: TenantData,
  campaign: Campaign,
  settings: CampaignSettings,
): Promise<number> {
  const slots = (prefix: 'message' | 'confirmationMessage') =>
    filledSlots(
      [1, 2, 3, 4, 5].map((i) => campaign[`${prefix}${i}` as keyof Campaign] as string),
    ).map((t) => applyCustomVariables(t, settings.variables));
  const messages = slots('message');
  const confirmations = campaign.confirmation ? slots('confirmationMessage') : [];
  const confirmation = campaign.confirmation && confirmations.length > 0;

  // Recipients as (item id, contact id, name, number digits, email).
  let recipients: string;
  let source: number | null;
  if (campaign.contactListId) {
    source = campaign.contactListId;
    recipients = `SELECT i.id AS "itemId", NULL::int AS "contactId", i.name,
                         regexp_replace(i.number, '\\D', '', 'g') AS number, i.email
                    FROM contact_list_items i
                   WHERE i."companyId" = $1 AND i."contactListId" = $3 AND i."isWhatsappValid"`;
  } else if (campaign.tagListId) {
    source = campaign.tagListId;
    recipients = `SELECT DISTINCT NULL::int AS "itemId", k.id AS "contactId", k.name, k.number, k.email
                    FROM contact_tags ct JOIN contacts k ON k.id = ct."contactId"
                   WHERE ct."tagId" = $3 AND k."companyId" = $1 AND k.active AND NOT k."isGroup"
                     AND k.number IS NOT NULL AND k.number <> ''`;
  } else return 0;

  const [row] = await db.query<{ added: number }>(
    `WITH added AS (
     INSERT INTO campaign_shippings ("companyId", "campaignId", "contactListItemId", "contactId",
                                     number, message, "confirmationMessage", confirmation)
     SELECT $1, $2, r."itemId", r."contactId", r.number, ${render(pick(4))},
            CASE WHEN $6 THEN ${render(pick(5))} END, $6
       FROM (${recipients}) r
      WHERE r.number <> ''
        AND NOT EXISTS (SELECT 1 FROM contacts o
                         WHERE o."companyId" = $1 AND o."campaignOptOut" AND o.number = r.number)
      ORDER BY coalesce(r."itemId", r."contactId")
     ON CONFLICT DO NOTHING
     RETURNING 1)
     SELECT count(*)::int AS added FROM added`,
    [db.companyId, campaign.id, source, messages, confirmations, confirmation],
  );
  return row?.added ?? 0;
}
