import { AppError, maskContactNumber, type ContactViewRow } from '@atendo/domain';
import type { TenantData } from '../../db/tenant-data.js';

/** A contact as the view SQL returns it (dates still Date objects). */
export type ContactRow = ContactViewRow;

/**
 * The contact view built by PostgreSQL in one statement: the contact's columns, its origin
 * connection, its tags and its extra info as JSON, no entity hydration. `where` may use the
 * alias `c` (contacts) and must start from `c."companyId" = $1`.
 */
export function contactViewsSql(where: string, tail = ''): string {
  return `SELECT c.id, c."companyId", c.name, c.number, c.email, c."profilePicUrl", c."urlPicture",
    c."isGroup", c."disableBot", c."acceptAudioMessage", c.active, c.channel, c."lgpdAcceptedAt",
    c."whatsappId",
    CASE WHEN w.id IS NULL THEN NULL
      ELSE json_build_object('id', w.id, 'name', w.name, 'channel', w.channel) END AS whatsapp,
    COALESCE((SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color)
        ORDER BY t.name, t.id)
      FROM contact_tags ct JOIN tags t ON t.id = ct."tagId"
      WHERE ct."contactId" = c.id), '[]'::json) AS tags,
    COALESCE((SELECT json_agg(json_build_object('id', e.id, 'name', e.name, 'value', e.value)
        ORDER BY e.id)
      FROM contact_custom_fields e WHERE e."contactId" = c.id), '[]'::json) AS "extraInfo",
    c."createdAt", c."updatedAt"
  FROM contacts c LEFT JOIN whatsapps w ON w.id = c."whatsappId" AND w."companyId" = c."companyId"
  WHERE ${where} ${tail}`;
}

/** One contact of the company as its view; another company's or none is ERR_NO_CONTACT_FOUND. */
export async function loadContactView(db: TenantData, contactId: number): Promise<ContactRow> {
  const [row] = await db.query<ContactRow>(contactViewsSql('c."companyId" = $1 AND c.id = $2'), [
    db.companyId,
    contactId,
  ]);
  if (!row) throw new AppError('ERR_NO_CONTACT_FOUND');
  return row;
}

/** The view with its number masked when `mask` says so (LGPD hide-number). */
export function maskedView<T extends { number: string | null }>(view: T, mask: boolean): T {
  return mask ? { ...view, number: maskContactNumber(view.number) } : view;
}
