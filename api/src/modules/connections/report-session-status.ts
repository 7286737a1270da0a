import { AppError, type SessionStatusReport } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { WhatsappEntity } from '../../db/entities/index.js';
import { crossTenantData } from '../../db/platform-data.js';
import { whatsappsOf } from './connections-access.js';
import { publishSession } from './session-state.js';
import { hashSessionToken } from './session-token.js';

/**
 * A session reports its WhatsApp status (and QR code, number, retries) with its own session
 * token; the console sees it live. Unknown token: ERR_SESSION_EXPIRED.
 */
export async function reportSessionStatus(
  ctx: AppContext,
  o: SessionStatusReport & { token: string | undefined },
) {
  if (!o.token) throw new AppError('ERR_SESSION_EXPIRED');
  // The session is known by its token alone, whatever its company; the rest is that company's.
  const w = await crossTenantData(ctx.ds, 'session-report')
    .of(WhatsappEntity)
    .findOne({ where: { sessionTokenHash: hashSessionToken(o.token) } });
  if (!w) throw new AppError('ERR_SESSION_EXPIRED');
  await whatsappsOf(ctx, w.companyId).update(
    { id: w.id },
    {
      status: o.status,
      qrcode: o.status === 'qrcode' ? (o.qrcode ?? null) : null,
      ...(o.number !== undefined ? { number: o.number } : {}),
      ...(o.retries !== undefined ? { retries: o.retries } : {}),
    },
  );
  await publishSession(ctx, w.companyId, w.id);
  return { id: w.id, status: o.status };
}
