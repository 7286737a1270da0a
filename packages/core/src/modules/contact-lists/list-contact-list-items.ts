import type { ContactListItemViewRow } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { ContactListEntity } from '../../db/entities/index.js';
import type { Principal } from '../../access/principal.js';
import { campaignData } from '../campaigns/plan-feature.js';
import { ITEM_COLUMNS, likeTerm } from './contact-list-view.js';

const PAGE_SIZE = 20;

const MATCH = `i."companyId" = $1 AND i."contactListId" = $2 AND ($3 = ''
  OR i.name ILIKE '%' || $3 || '%' OR i.number ILIKE '%' || $3 || '%'
  OR i.email ILIKE '%' || $3 || '%')`;

/** The items page of one list of the company, by name, searched by name, number or email. */
export async function listContactListItems(
  ctx: AppContext,
  o: { auth: Principal; contactListId: number; searchParam: string; pageNumber: number },
) {
  const db = await campaignData(ctx, o.auth);
  await db.of(ContactListEntity).get({ where: { id: o.contactListId }, select: { id: true } });
  const params = [db.companyId, o.contactListId, likeTerm(o.searchParam)];
  const [contacts, [total]] = await Promise.all([
    db.prepared<ContactListItemViewRow>(
      'contact-list-items-page',
      `SELECT ${ITEM_COLUMNS} FROM contact_list_items i WHERE ${MATCH}
        ORDER BY i.name, i.id LIMIT ${PAGE_SIZE} OFFSET $4`,
      [...params, (o.pageNumber - 1) * PAGE_SIZE],
    ),
    db.prepared<{ count: number }>(
      'contact-list-items-count',
      `SELECT count(*)::int AS count FROM contact_list_items i WHERE ${MATCH}`,
      params,
    ),
  ]);
  const count = total?.count ?? 0;
  return { contacts, count, hasMore: count > o.pageNumber * PAGE_SIZE };
}
