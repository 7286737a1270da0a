import {
  AppError,
  isCampaignEditable,
  type CampaignReport,
  type CampaignViewRow,
} from '@atendo/domain';
import { CampaignEntity, type Campaign } from '../../db/entities/index.js';
import type { TenantData } from '../../db/tenant-data.js';

const ref = (alias: string) =>
  `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('id', ${alias}.id, 'name', ${alias}.name) END`;

/** The columns of a campaign's view over `campaigns c` and the names it shows (lean joins). */
const CAMPAIGN_SELECT = `SELECT c.id, c.name, c.status,
    c.message1, c.message2, c.message3, c.message4, c.message5,
    c."confirmationMessage1", c."confirmationMessage2", c."confirmationMessage3",
    c."confirmationMessage4", c."confirmationMessage5", c.confirmation,
    c."scheduledAt", c."completedAt", c."contactListId", c."tagListId", c."whatsappId",
    c."userId", c."queueId", c."openTicket", c."statusTicket", c."mediaPath", c."mediaName",
    CASE WHEN c."mediaPath" IS NULL THEN NULL
         ELSE '/private/' || c."companyId" || '/' || c."mediaPath" END AS "mediaUrl",
    c."createdAt", c."updatedAt",
    ${ref('cl')} AS "contactList", ${ref('t')} AS "tagList", ${ref('w')} AS whatsapp,
    ${ref('u')} AS "user", ${ref('q')} AS queue
  FROM campaigns c
  LEFT JOIN contact_lists cl ON cl.id = c."contactListId"
  LEFT JOIN tags t ON t.id = c."tagListId"
  LEFT JOIN whatsapps w ON w.id = c."whatsappId"
  LEFT JOIN users u ON u.id = c."userId"
  LEFT JOIN queues q ON q.id = c."queueId"`;

type Row = Omit<CampaignViewRow, 'editable'>;

const withEditable = (row: Row): CampaignViewRow => ({
  ...row,
  editable: isCampaignEditable({ status: row.status, scheduledAt: row.scheduledAt ?? null }),
});

/** A page of the company's campaigns, newest first, searched by name ($2, escaped). */
export async function selectCampaignPage(
  db: TenantData,
  o: { term: string; limit: number; offset: number },
): Promise<{ records: CampaignViewRow[]; count: number }> {
  const where = `c."companyId" = $1 AND ($2 = '' OR c.name ILIKE '%' || $2 || '%')`;
  const [rows, [total]] = await Promise.all([
    db.prepared<Row>(
      'campaigns-page',
      `${CAMPAIGN_SELECT} WHERE ${where} ORDER BY c.id DESC LIMIT $3 OFFSET $4`,
      [db.companyId, o.term, o.limit, o.offset],
    ),
    db.prepared<{ count: number }>(
      'campaigns-count',
      `SELECT count(*)::int AS count FROM campaigns c WHERE ${where}`,
      [db.companyId, o.term],
    ),
  ]);
  return { records: rows.map(withEditable), count: total?.count ?? 0 };
}

/** One campaign of the company as its view, or ERR_NOT_FOUND (another company's too). */
export async function loadCampaignView(db: TenantData, id: number): Promise<CampaignViewRow> {
  const [row] = await db.query<Row>(`${CAMPAIGN_SELECT} WHERE c."companyId" = $1 AND c.id = $2`, [
    db.companyId,
    id,
  ]);
  if (!row) throw new AppError('ERR_NOT_FOUND');
  return withEditable(row);
}

/** The stored campaign row, or ERR_NOT_FOUND; `lock` holds it for the transaction. */
export async function loadCampaign(db: TenantData, id: number, lock = false): Promise<Campaign> {
  return db.of(CampaignEntity).get({
    where: { id },
    ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
  });
}

/**
 * The report's counters of one campaign: recipients (valid list items, or active contacts of
 * the tag) and what its shipping records say, in one round trip.
 */
export async function campaignReport(
  db: TenantData,
  c: { id: number; contactListId: number | null; tagListId: number | null },
): Promise<CampaignReport> {
  const [row] = await db.query<CampaignReport>(
    `SELECT
       CASE WHEN $2::int IS NOT NULL THEN
              (SELECT count(*)::int FROM contact_list_items i
                WHERE i."companyId" = $1 AND i."contactListId" = $2 AND i."isWhatsappValid")
            WHEN $3::int IS NOT NULL THEN
              (SELECT count(DISTINCT ct."contactId")::int FROM contact_tags ct
                 JOIN contacts k ON k.id = ct."contactId"
                WHERE ct."tagId" = $3 AND k."companyId" = $1 AND k.active AND NOT k."isGroup")
            ELSE 0 END AS "validContacts",
       count(s."deliveredAt")::int AS delivered,
       count(s."confirmationRequestedAt")::int AS "confirmationRequested",
       count(s."confirmedAt")::int AS confirmed
     FROM campaign_shippings s
     WHERE s."companyId" = $1 AND s."campaignId" = $4`,
    [db.companyId, c.contactListId, c.tagListId, c.id],
  );
  return row ?? { validContacts: 0, delivered: 0, confirmationRequested: 0, confirmed: 0 };
}
