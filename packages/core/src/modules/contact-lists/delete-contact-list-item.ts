import type { AppContext } from '../../context.js';
import { ContactListItemEntity } from '../../db/entities/index.js';
import type { Principal } from '../../access/principal.js';
import { campaignData } from '../campaigns/plan-feature.js';
import { loadItemView } from './contact-list-view.js';

/**
 * Deletes a list item (admins, who hold contacts-page:deleteContact). Shipping records of
 * campaigns already sent to it stay, without the item.
 */
export async function deleteContactListItem(ctx: AppContext, o: { auth: Principal; id: number }) {
  const db = await campaignData(ctx, o.auth);
  const item = await loadItemView(db, o.id);
  await db.of(ContactListItemEntity).delete({ id: o.id });
  ctx.events.publish('contact_list_item.deleted', {
    companyId: db.companyId,
    id: o.id,
    contactListId: item.contactListId,
  });
  ctx.events.publish('contact_list.updated', {
    companyId: db.companyId,
    contactListId: item.contactListId,
  });
  return { message: 'Contact deleted' };
}
