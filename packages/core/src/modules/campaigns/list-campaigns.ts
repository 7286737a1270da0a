import type { AppContext } from '../../context.js';
import type { Principal } from '../../access/principal.js';
import { selectCampaignPage } from './campaign-view.js';
import { campaignData } from './plan-feature.js';

const PAGE_SIZE = 20;

/** The campaigns page: the company's campaigns, newest first, searched by name. */
export async function listCampaigns(
  ctx: AppContext,
  o: { auth: Principal; searchParam: string; pageNumber: number },
) {
  const db = await campaignData(ctx, o.auth);
  const term = o.searchParam.trim().replace(/[%_\\]/g, '\\$&');
  const { records, count } = await selectCampaignPage(db, {
    term,
    limit: PAGE_SIZE,
    offset: (o.pageNumber - 1) * PAGE_SIZE,
  });
  return { records, count, hasMore: count > o.pageNumber * PAGE_SIZE };
}
