import { AppError, type CreateContactListItemInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { ContactListEntity } from '../../db/entities/index.js';
import type { Principal } from '../../access/principal.js';
import { campaignData } from '../campaigns/plan-feature.js';
import { numberChecker } from '../contacts/check-number.js';
import { loadItemView } from './contact-list-view.js';

/**
 * Adds a recipient to a list of the company: its number normalised and, where a connected
 * WhatsApp can tell, checked (isWhatsappValid). A number the list already holds is refused
 * (ERR_DUPLICATED_CONTACT).
 */
export async function createContactListItem(
  ctx: AppContext,
  o: { auth: Principal; input: CreateContactListItemInput },
) {
  const db = await campaignData(ctx, o.auth);
  const i = o.input;
  await db.of(ContactListEntity).get({ where: { id: i.contactListId }, select: { id: true } });
  const checked = await (await numberChecker(ctx, db))(i.number);
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO contact_list_items ("companyId", "contactListId", name, number, email, "isWhatsappValid")
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT ("contactListId", number) DO NOTHING RETURNING id`,
    [
      db.companyId,
      i.contactListId,
      i.name,
      checked.number,
      i.email || null,
      checked.isWhatsappValid,
    ],
  );
  if (!row) throw new AppError('ERR_DUPLICATED_CONTACT');
  const record = await loadItemView(db, row.id);
  ctx.events.publish('contact_list_item.created', { companyId: db.companyId, record });
  ctx.events.publish('contact_list.updated', {
    companyId: db.companyId,
    contactListId: i.contactListId,
  });
  return record;
}
