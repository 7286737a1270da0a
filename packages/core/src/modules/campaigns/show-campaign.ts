import type { AppContext } from '../../context.js';
import type { Principal } from '../../access/principal.js';
import { campaignReport, loadCampaignView } from './campaign-view.js';
import { campaignData } from './plan-feature.js';

/** One campaign with its report counters (the report page and the dialog). */
export async function showCampaign(ctx: AppContext, o: { auth: Principal; id: number }) {
  const db = await campaignData(ctx, o.auth);
  const view = await loadCampaignView(db, o.id);
  return { ...view, report: await campaignReport(db, view) };
}
