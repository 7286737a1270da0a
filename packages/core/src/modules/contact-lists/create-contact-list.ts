import type { CreateContactListInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { ContactListEntity } from '../../db/entities/index.js';
import type { Principal } from '../../access/principal.js';
import { campaignData } from '../campaigns/plan-feature.js';
import { loadContactListView } from './contact-list-view.js';

/** Creates an empty contact list. */
export async function createContactList(
  ctx: AppContext,
  o: { auth: Principal; input: CreateContactListInput },
) {
  const db = await campaignData(ctx, o.auth);
  const { id } = await db.of(ContactListEntity).insert({ name: o.input.name });
  const record = await loadContactListView(db, id);
  ctx.events.publish('contact_list.created', { companyId: db.companyId, contactListId: id });
  return record;
}
