import type { AppContext } from '../../context.js';
import { platformData } from '../../db/platform-data.js';
import { loadAnnouncement } from './announcement-view.js';

/** One announcement (super admin). */
export async function showAnnouncement(ctx: AppContext, o: { id: number }) {
  return loadAnnouncement(platformData(ctx.ds), o.id);
}
