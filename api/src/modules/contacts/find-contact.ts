import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../auth/tokens.js';
import { loadContactView, maskedView } from './contact-view.js';
import { masksNumbersFor } from './number-masking.js';

/** One contact of the caller's company (another company's is ERR_NO_CONTACT_FOUND). */
export async function findContact(ctx: AppContext, o: { auth: Principal; contactId: number }) {
  const db = tenantData(ctx.ds, o.auth.companyId);
  const [view, mask] = await Promise.all([
    loadContactView(db, o.contactId),
    masksNumbersFor(db, o.auth),
  ]);
  return maskedView(view, mask);
}
