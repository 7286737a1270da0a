import type { AppContext } from '../../context.js';
import type { Principal } from '../../access/principal.js';
import { connectionViewFor } from './connection-token-view.js';
import { loadWhatsapp } from './connections-access.js';
import { toWhatsappView } from './whatsapp-view.js';

/** One connection of the caller's company; its token only for administrators. */
export async function findWhatsapp(ctx: AppContext, o: { auth: Principal; whatsappId: number }) {
  const row = await loadWhatsapp(ctx, o.auth.companyId, o.whatsappId);
  return connectionViewFor(o.auth, toWhatsappView(row));
}
