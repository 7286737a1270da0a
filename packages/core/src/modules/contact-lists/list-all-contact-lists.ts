import type { AppContext } from '../../context.js';
import type { Principal } from '../../access/principal.js';
import { campaignData } from '../campaigns/plan-feature.js';
import { selectAllContactLists } from './contact-list-view.js';

/** `GET /contact-lists/list`: every list of the company (the campaign dialog's picker). */
export async function listAllContactLists(ctx: AppContext, o: { auth: Principal }) {
  return selectAllContactLists(await campaignData(ctx, o.auth));
}
