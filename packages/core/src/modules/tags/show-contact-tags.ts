import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { requireContact, tagsOfContact } from './contact-tags.js';

/**
 * A contact's tags: `tags` says whether there is any (what the lineage's consoles check
 * before closing with requiredTag on), `contactTags` lists them.
 */
export async function showContactTags(ctx: AppContext, o: { auth: Principal; contactId: number }) {
  const db = tenantData(ctx.ds, o.auth.companyId);
  await requireContact(db, o.contactId);
  const contactTags = await tagsOfContact(db, o.contactId);
  return { tags: contactTags.length > 0, contactTags };
}
