import type { AppContext } from '../../context.js';
import type { Principal } from '../../access/principal.js';
import { campaignData } from '../campaigns/plan-feature.js';
import { loadContactListView } from './contact-list-view.js';

/** One list of the company (the items page's title). */
export async function showContactList(ctx: AppContext, o: { auth: Principal; id: number }) {
  return loadContactListView(await campaignData(ctx, o.auth), o.id);
}
