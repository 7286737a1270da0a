import type { AppContext } from '../../context.js';
import { ContactTagEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { requireContact } from './contact-tags.js';
import { loadTag } from './tag-view.js';

/** Takes a tag off one contact (the contacts dialog's remove button). */
export async function removeContactTag(
  ctx: AppContext,
  o: { auth: Principal; tagId: number; contactId: number },
) {
  const companyId = o.auth.companyId;
  const db = tenantData(ctx.ds, companyId);
  await loadTag(db, o.tagId);
  await requireContact(db, o.contactId);
  const removed = await db.of(ContactTagEntity).delete({ tagId: o.tagId, contactId: o.contactId });
  if (removed) {
    ctx.events.publish('contact.tags_changed', { companyId, contactId: o.contactId });
    ctx.events.publish('tag.updated', { companyId, tag: await loadTag(db, o.tagId) });
  }
  return { message: 'Tag removed from contact' };
}
