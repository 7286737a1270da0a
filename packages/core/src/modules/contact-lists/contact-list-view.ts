import { AppError, type ContactListItemViewRow, type ContactListViewRow } from '@atendo/domain';
import type { TenantData } from '../../db/tenant-data.js';

/** A list's view over `contact_lists l` with its item counts (one grouped scan of its items). */
const LIST_SELECT = `SELECT l.id, l.name, l."createdAt", l."updatedAt",
    coalesce(n.total, 0)::int AS "contactsCount", coalesce(n.valid, 0)::int AS "validContactsCount"
  FROM contact_lists l
  LEFT JOIN LATERAL (
    SELECT count(*) AS total, count(*) FILTER (WHERE i."isWhatsappValid") AS valid
      FROM contact_list_items i WHERE i."contactListId" = l.id
  ) n ON true`;

/** The columns of an item's view over `contact_list_items i`. */
export const ITEM_COLUMNS = `i.id, i."contactListId", i.name, i.number, i.email, i."isWhatsappValid",
  i."createdAt", i."updatedAt"`;

/** Escapes a search term for ILIKE. */
export const likeTerm = (s: string) => s.trim().replace(/[%_\\]/g, '\\$&');

/** A page of the company's lists by name ($2: escaped term). */
export async function selectContactListPage(
  db: TenantData,
  o: { term: string; limit: number; offset: number },
): Promise<{ records: ContactListViewRow[]; count: number }> {
  const where = `l."companyId" = $1 AND ($2 = '' OR l.name ILIKE '%' || $2 || '%')`;
  const [records, [total]] = await Promise.all([
    db.prepared<ContactListViewRow>(
      'contact-lists-page',
      `${LIST_SELECT} WHERE ${where} ORDER BY l.name, l.id LIMIT $3 OFFSET $4`,
      [db.companyId, o.term, o.limit, o.offset],
    ),
    db.prepared<{ count: number }>(
      'contact-lists-count',
      `SELECT count(*)::int AS count FROM contact_lists l WHERE ${where}`,
      [db.companyId, o.term],
    ),
  ]);
  return { records, count: total?.count ?? 0 };
}

/** Every list of the company by name (the campaign dialog's picker). */
export function selectAllContactLists(db: TenantData): Promise<ContactListViewRow[]> {
  return db.query<ContactListViewRow>(
    `${LIST_SELECT} WHERE l."companyId" = $1 ORDER BY l.name, l.id`,
    [db.companyId],
  );
}

/** One list of the company, or ERR_NOT_FOUND (another company's too). */
export async function loadContactListView(db: TenantData, id: number): Promise<ContactListViewRow> {
  const [row] = await db.query<ContactListViewRow>(
    `${LIST_SELECT} WHERE l."companyId" = $1 AND l.id = $2`,
    [db.companyId, id],
  );
  if (!row) throw new AppError('ERR_NOT_FOUND');
  return row;
}

/** One item of the company, or ERR_NOT_FOUND (another company's too). */
export async function loadItemView(db: TenantData, id: number): Promise<ContactListItemViewRow> {
  const [row] = await db.query<ContactListItemViewRow>(
    `SELECT ${ITEM_COLUMNS} FROM contact_list_items i WHERE i."companyId" = $1 AND i.id = $2`,
    [db.companyId, id],
  );
  if (!row) throw new AppError('ERR_NOT_FOUND');
  return row;
}
