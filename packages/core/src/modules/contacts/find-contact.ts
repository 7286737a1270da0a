import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { loadContactView } from './contact-view.js';

/** One contact of the caller's company (another company's is ERR_NO_CONTACT_FOUND). */
export async function findContact(ctx: AppContext, o: { auth: Principal; contactId: number }) {
  const db = tenantData(ctx.ds, o.auth.companyId);
  return loadContactView(db, o.contactId);
}
