import type { UpdateContactInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { ContactEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { loadContactView } from './contact-view.js';
import { applyContactUpdate } from './contact-writes.js';

/**
 * Updates a contact of the caller's company; `extraInfo`, when given, replaces the list. Also
 * serves block/unblock and the bot switch, which are updates of one field.
 */
export async function updateContact(
  ctx: AppContext,
  o: { auth: Principal; contactId: number; input: UpdateContactInput },
) {
  const db = tenantData(ctx.ds, o.auth.companyId);
  const contact = await db
    .of(ContactEntity)
    .get({ where: { id: o.contactId } }, 'ERR_NO_CONTACT_FOUND');
  await applyContactUpdate(db, contact, o.input);
  const view = await loadContactView(db, contact.id);
  ctx.events.publish('contact.updated', { companyId: db.companyId, contact: view });
  return view;
}
