import { AppError, type UpdateContactListInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { ContactListEntity } from '../../db/entities/index.js';
import type { Principal } from '../../access/principal.js';
import { campaignData } from '../campaigns/plan-feature.js';
import { loadContactListView } from './contact-list-view.js';

/** Renames a contact list of the company. */
export async function updateContactList(
  ctx: AppContext,
  o: { auth: Principal; id: number; input: UpdateContactListInput },
) {
  const db = await campaignData(ctx, o.auth);
  const changed = await db.of(ContactListEntity).update({ id: o.id }, { name: o.input.name });
  if (!changed) throw new AppError('ERR_NOT_FOUND');
  const record = await loadContactListView(db, o.id);
  ctx.events.publish('contact_list.updated', { companyId: db.companyId, contactListId: o.id });
  return record;
}
