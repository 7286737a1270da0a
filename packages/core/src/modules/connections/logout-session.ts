import type { AppContext } from '../../context.js';
import { WhatsappEntity } from '../../db/entities/index.js';
import { crossTenantData } from '../../db/platform-data.js';
import { callSession } from '../session-channel/call-session.js';
import { forgetSession } from './forget-session.js';
import { publishSession } from './session-state.js';

/** How long the session may take to log out of WhatsApp before its login is forgotten anyway. */
const LOGOUT_TIMEOUT_MS = 5000;

/**
 * Best effort: a running session logs out of WhatsApp, so the phone unlinks the device too;
 * one already gone (or that never reported) leaves only our side to clear.
 */
export async function unlinkDevice(ctx: AppContext, w: { id: number; companyId: number }) {
  await callSession(
    ctx,
    { companyId: w.companyId, whatsappId: w.id },
    '/logout',
    {},
    { timeoutMs: LOGOUT_TIMEOUT_MS },
  ).catch((err: unknown) =>
    ctx.logger.info(
      { companyId: w.companyId, connectionId: w.id, reason: (err as Error).message },
      'session not told to log out',
    ),
  );
}

/** Logs a connection's session out (its pod is going away): login state cleared, DISCONNECTED. */
export async function logoutSession(ctx: AppContext, o: { connectionId: number }) {
  // The operator names the connection by id alone, whatever its company.
  const w = await crossTenantData(ctx.ds, 'internal-service')
    .of(WhatsappEntity)
    .findOne({ where: { id: o.connectionId }, select: { id: true, companyId: true } });
  if (!w) return; // already gone: nothing to log out
  await unlinkDevice(ctx, w);
  await forgetSession(ctx, w);
  ctx.logger.info({ companyId: w.companyId, connectionId: w.id }, 'session logged out');
  await publishSession(ctx, w.companyId, w.id);
}
