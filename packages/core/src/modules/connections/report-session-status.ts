import type { SessionStatusReport } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { sessionOf } from '../session-channel/session-of.js';
import { sealSecret } from '../../db/sealed-secrets.js';
import { controlKeyContext } from '../session-channel/session-secrets.js';
import { whatsappsOf } from './connections-access.js';
import { publishSession } from './session-state.js';

/**
 * A session reports its WhatsApp status (and QR code, number, retries) with its own session
 * token; the console sees it live. With it, where its control server listens and the key the
 * api must present there (kept sealed, never returned). Unknown token: ERR_SESSION_EXPIRED.
 */
export async function reportSessionStatus(
  ctx: AppContext,
  o: SessionStatusReport & { token: string | undefined },
) {
  // The session is known by its token alone, whatever its company; the rest is that company's.
  const s = await sessionOf(ctx, o.token);
  await whatsappsOf(ctx, s.companyId).update(
    { id: s.whatsappId },
    {
      status: o.status,
      qrcode: o.status === 'qrcode' ? (o.qrcode ?? null) : null,
      statusReason: o.status === 'DISCONNECTED' ? (o.reason ?? null) : null,
      ...(o.number !== undefined ? { number: o.number } : {}),
      ...(o.retries !== undefined ? { retries: o.retries } : {}),
      ...(o.endpoint !== undefined ? { sessionEndpoint: o.endpoint } : {}),
      ...(o.controlKey !== undefined
        ? { sessionControlKey: sealSecret(ctx, o.controlKey, controlKeyContext(s.whatsappId)) }
        : {}),
    },
  );
  await publishSession(ctx, s.companyId, s.whatsappId);
  return { id: s.whatsappId, status: o.status };
}
