import type { AppContext } from '../../context.js';
import type { Principal } from '../../access/principal.js';
import { campaignData } from '../campaigns/plan-feature.js';
import { likeTerm, selectContactListPage } from './contact-list-view.js';

const PAGE_SIZE = 20;

/** The contact lists page: the company's lists by name, with their counts. */
export async function listContactLists(
  ctx: AppContext,
  o: { auth: Principal; searchParam: string; pageNumber: number },
) {
  const db = await campaignData(ctx, o.auth);
  const { records, count } = await selectContactListPage(db, {
    term: likeTerm(o.searchParam),
    limit: PAGE_SIZE,
    offset: (o.pageNumber - 1) * PAGE_SIZE,
  });
  return { records, count, hasMore: count > o.pageNumber * PAGE_SIZE };
}
