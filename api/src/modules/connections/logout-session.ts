import type { AppContext } from '../../context.js';
import { WhatsappEntity } from '../../db/entities/index.js';
import { crossTenantData } from '../../db/platform-data.js';
import { forgetSession } from './forget-session.js';
import { publishSession } from './session-state.js';

/** Logs a connection's session out (its pod is going away): login state cleared, DISCONNECTED. */
export async function logoutSession(ctx: AppContext, o: { connectionId: number }) {
  // The operator names the connection by id alone, whatever its company.
  const w = await crossTenantData(ctx.ds, 'internal-service')
    .of(WhatsappEntity)
    .findOne({ where: { id: o.connectionId } });
  if (!w) return; // already gone: nothing to log out
  await forgetSession(ctx, w);
  ctx.logger.info({ companyId: w.companyId, connectionId: w.id }, 'session logged out');
  await publishSession(ctx, w.companyId, w.id);
}
