import type { TagContactView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { loadTag } from './tag-view.js';

/** The contacts carrying a tag of the caller's company (the tags page's contacts dialog). */
export async function listTagContacts(ctx: AppContext, o: { auth: Principal; tagId: number }) {
  const db = tenantData(ctx.ds, o.auth.companyId);
  await loadTag(db, o.tagId);
  return db.query<TagContactView>(
    `SELECT c.id, c.name, c.number
       FROM contact_tags ct JOIN contacts c ON c.id = ct."contactId"
      WHERE ct."tagId" = $1 AND ct."companyId" = $2
      ORDER BY c.name, c.id`,
    [o.tagId, o.auth.companyId],
  );
}
