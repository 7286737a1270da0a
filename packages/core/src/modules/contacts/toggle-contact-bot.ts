import type { AppContext } from '../../context.js';
import { ContactEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { updateContact } from './update-contact.js';

/** Switches the chatbot off for a contact, or back on (disableBot flips). */
export async function toggleContactBot(ctx: AppContext, o: { auth: Principal; contactId: number }) {
  const contact = await tenantData(ctx.ds, o.auth.companyId)
    .of(ContactEntity)
    .get(
      { where: { id: o.contactId }, select: { id: true, disableBot: true } },
      'ERR_NO_CONTACT_FOUND',
    );
  return updateContact(ctx, {
    auth: o.auth,
    contactId: contact.id,
    input: { disableBot: !contact.disableBot },
  });
}
