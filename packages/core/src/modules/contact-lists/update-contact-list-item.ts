import { AppError, type UpdateContactListItemInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { ContactListItemEntity } from '../../db/entities/index.js';
import type { Principal } from '../../access/principal.js';
import { campaignData } from '../campaigns/plan-feature.js';
import { isUniqueViolation } from '../contacts/contact-writes.js';
import { numberChecker } from '../contacts/check-number.js';
import { loadItemView } from './contact-list-view.js';

/**
 * Updates a list item; a changed number is normalised and checked again (isWhatsappValid
 * follows it). A number another item of the list holds is ERR_DUPLICATED_CONTACT.
 */
export async function updateContactListItem(
  ctx: AppContext,
  o: { auth: Principal; id: number; input: UpdateContactListItemInput },
) {
  const db = await campaignData(ctx, o.auth);
  const before = await loadItemView(db, o.id);
  const { name, number, email } = o.input;
  const patch: Partial<{
    name: string;
    number: string;
    email: string | null;
    isWhatsappValid: boolean;
  }> = {};
  if (name !== undefined) patch.name = name;
  if (email !== undefined) patch.email = email || null;
  if (number !== undefined) {
    const checked = await (await numberChecker(ctx, db))(number);
    if (checked.number !== before.number || !before.isWhatsappValid) {
      patch.number = checked.number;
      patch.isWhatsappValid = checked.isWhatsappValid;
    }
  }
  if (Object.keys(patch).length) {
    try {
      await db.of(ContactListItemEntity).update({ id: o.id }, patch);
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('ERR_DUPLICATED_CONTACT');
      throw err;
    }
  }
  const record = await loadItemView(db, o.id);
  ctx.events.publish('contact_list_item.updated', { companyId: db.companyId, record });
  if (patch.isWhatsappValid !== undefined)
    ctx.events.publish('contact_list.updated', {
      companyId: db.companyId,
      contactListId: record.contactListId,
    });
  return record;
}
