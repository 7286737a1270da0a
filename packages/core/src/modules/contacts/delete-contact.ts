import { AppError, hasStatic } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { ContactEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';

/**
 * Deletes a contact of the caller's company: needs the admin static permission
 * contacts-page:deleteContact (docs/product/contacts.md#permissions). Its tags, extra info and tickets go with it
 * (the foreign keys cascade).
 */
export async function deleteContact(ctx: AppContext, o: { auth: Principal; contactId: number }) {
  if (!hasStatic(o.auth, 'contacts-page:deleteContact')) throw new AppError('ERR_NO_PERMISSION');
  const db = tenantData(ctx.ds, o.auth.companyId);
  const removed = await db.of(ContactEntity).delete({ id: o.contactId });
  if (!removed) throw new AppError('ERR_NO_CONTACT_FOUND');
  ctx.events.publish('contact.deleted', { companyId: db.companyId, contactId: o.contactId });
  return { message: 'Contact deleted' };
}
