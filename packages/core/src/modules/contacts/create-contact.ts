import type { CreateContactInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { loadContactView } from './contact-view.js';
import { insertContact } from './contact-writes.js';

/** Creates a contact of the caller's company (number unique per channel, ERR_DUPLICATED_CONTACT). */
export async function createContact(
  ctx: AppContext,
  o: { auth: Principal; input: CreateContactInput },
) {
  const db = tenantData(ctx.ds, o.auth.companyId);
  const id = await insertContact(db, o.input);
  const view = await loadContactView(db, id);
  ctx.events.publish('contact.created', { companyId: db.companyId, contact: view });
  return view;
}
