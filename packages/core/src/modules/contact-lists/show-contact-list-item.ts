import type { AppContext } from '../../context.js';
import type { Principal } from '../../access/principal.js';
import { campaignData } from '../campaigns/plan-feature.js';
import { loadItemView } from './contact-list-view.js';

/** One list item of the company. */
export async function showContactListItem(ctx: AppContext, o: { auth: Principal; id: number }) {
  return loadItemView(await campaignData(ctx, o.auth), o.id);
}
