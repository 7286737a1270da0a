import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { contactViewsSql, type ContactRow } from './contact-view.js';
import { masksNumbersFor } from './number-masking.js';

/** The console's infinite scroll loads 20 at a time (the lineage's page size). */
export const CONTACTS_PAGE_SIZE = 20;

/**
 * $1 company, $2 search term (LIKE-escaped, '' = all), $3 whether the number is searched,
 * $4 tag ids the contact must all carry, $5 channel ('' = any), $6 isGroup (null = any).
 */
const MATCH = `c."companyId" = $1
  AND ($2 = '' OR c.name ILIKE '%' || $2 || '%' OR c.email ILIKE '%' || $2 || '%'
       OR ($3 AND c.number LIKE '%' || $2 || '%'))
  AND (cardinality($4::int[]) = 0 OR (
    SELECT count(*) FROM contact_tags ct
     WHERE ct."contactId" = c.id AND ct."tagId" = ANY($4::int[])) = cardinality($4::int[]))
  AND ($5 = '' OR c.channel = $5)
  AND ($6::boolean IS NULL OR c."isGroup" = $6::boolean)`;

/**
 * A page of the company's contacts, by name: one lean query for the page (views built by
 * PostgreSQL) and one count. Under LGPD hide-number a profile user cannot search by number
 * (a search would reveal the digits one by one); the route layer masks the numbers sent.
 */
export async function listContacts(
  ctx: AppContext,
  o: {
    auth: Principal;
    searchParam: string;
    pageNumber: number;
    contactTag?: number[];
    channel?: string;
    isGroup?: boolean;
  },
) {
  const db = tenantData(ctx.ds, o.auth.companyId);
  const hidden = await masksNumbersFor(db, o.auth);
  const term = o.searchParam.trim().replace(/[%_\\]/g, '\\$&');
  // Distinct ids: a repeated id would otherwise never match "carries all of them".
  const tags = [...new Set(o.contactTag ?? [])];
  const params = [o.auth.companyId, term, !hidden, tags, o.channel ?? '', o.isGroup ?? null];
  const [contacts, [total]] = await Promise.all([
    db.prepared<ContactRow>(
      'contacts-page',
      contactViewsSql(MATCH, `ORDER BY c.name, c.id LIMIT ${CONTACTS_PAGE_SIZE} OFFSET $7`),
      [...params, (o.pageNumber - 1) * CONTACTS_PAGE_SIZE],
    ),
    db.prepared<{ count: number }>(
      'contacts-count',
      `SELECT count(*)::int AS count FROM contacts c WHERE ${MATCH}`,
      params,
    ),
  ]);
  const count = total?.count ?? 0;
  return {
    contacts,
    count,
    hasMore: count > o.pageNumber * CONTACTS_PAGE_SIZE,
  };
}
