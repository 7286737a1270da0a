import type { AppContext } from '../../context.js';
import type { Principal } from '../../access/principal.js';
import { updateContact } from './update-contact.js';

/** Blocks (active false) or unblocks a contact of the caller's company. */
export function blockContact(
  ctx: AppContext,
  o: { auth: Principal; contactId: number; active: boolean },
) {
  return updateContact(ctx, { auth: o.auth, contactId: o.contactId, input: { active: o.active } });
}
