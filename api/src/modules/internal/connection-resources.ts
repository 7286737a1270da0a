import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { Company, Whatsapp } from '../../db/entities/index.js';
import { forgetSession } from '../connections/forget-session.js';
import { newConnectionToken } from '../connections/check-whatsapp-input.js';
import { loadWhatsapp } from '../connections/connections-access.js';
import { toWhatsappView } from '../connections/whatsapp-view.js';

/** The stored form of a session token. */
export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Registers the connection of a Connection resource created with kubectl (idempotent by
 * company and resource name) and returns its id.
 */
export async function registerConnectionResource(
  ctx: AppContext,
  o: { companyId: number; resourceName: string; displayName: string; channel: string },
) {
  return ctx.ds.transaction(async (em) => {
    if (!(await em.getRepository<Company>('Company').exist({ where: { id: o.companyId } })))
      throw new AppError('ERR_NO_COMPANY_FOUND');
    const repo = em.getRepository<Whatsapp>('Whatsapp');
    const existing = await repo.findOne({
      where: { companyId: o.companyId, resourceName: o.resourceName },
    });
    if (existing) return { id: existing.id };
    if (await repo.exist({ where: { companyId: o.companyId, name: o.displayName } })) {
      throw new AppError('ERR_DUPLICATED_CONNECTION', {
        fields: [{ field: 'displayName', message: 'A connection with this name exists' }],
      });
    }
    const isDefault = !(await repo.exist({ where: { companyId: o.companyId } }));
    const row = await repo.save(
      repo.create({
        companyId: o.companyId,
        name: o.displayName,
        channel: o.channel,
        resourceName: o.resourceName,
        token: newConnectionToken(),
        isDefault,
        status: 'DISCONNECTED',
      }),
    );
    ctx.logger.info(
      { companyId: o.companyId, connectionId: row.id, resource: o.resourceName },
      'connection registered from its resource',
    );
    return { id: row.id };
  });
}

/** Issues a new token for a connection's session (only its hash is kept; the old one stops working). */
export async function issueSessionCredentials(ctx: AppContext, o: { connectionId: number }) {
  const token = randomBytes(32).toString('base64url');
  const result = await ctx.ds
    .getRepository<Whatsapp>('Whatsapp')
    .update({ id: o.connectionId }, { sessionTokenHash: hashSessionToken(token) });
  if (!result.affected) throw new AppError('ERR_NO_WAPP_FOUND');
  return { token };
}

/** Logs a connection's session out (its pod is going away): login state cleared, DISCONNECTED. */
export async function logoutSession(ctx: AppContext, o: { connectionId: number }) {
  const w = await ctx.ds
    .getRepository<Whatsapp>('Whatsapp')
    .findOne({ where: { id: o.connectionId } });
  if (!w) return; // already gone: nothing to log out
  await forgetSession(ctx, w);
  ctx.logger.info({ companyId: w.companyId, connectionId: w.id }, 'session logged out');
  const view = toWhatsappView(await loadWhatsapp(ctx, w.companyId, w.id));
  ctx.events.publish('whatsapp.session_changed', { companyId: w.companyId, whatsapp: view });
}

/**
 * A session reports its WhatsApp status (and QR code, number, retries) with its own session
 * token; the console sees it live. Unknown token: ERR_SESSION_EXPIRED.
 */
export async function reportSessionStatus(
  ctx: AppContext,
  o: {
    token: string | undefined;
    status: string;
    qrcode?: string | null;
    number?: string | null;
    retries?: number;
  },
) {
  if (!o.token) throw new AppError('ERR_SESSION_EXPIRED');
  const repo = ctx.ds.getRepository<Whatsapp>('Whatsapp');
  const w = await repo.findOne({ where: { sessionTokenHash: hashSessionToken(o.token) } });
  if (!w) throw new AppError('ERR_SESSION_EXPIRED');
  await repo.update(
    { id: w.id, companyId: w.companyId },
    {
      status: o.status,
      qrcode: o.status === 'qrcode' ? (o.qrcode ?? null) : null,
      ...(o.number !== undefined ? { number: o.number } : {}),
      ...(o.retries !== undefined ? { retries: o.retries } : {}),
    },
  );
  const view = toWhatsappView(await loadWhatsapp(ctx, w.companyId, w.id));
  ctx.events.publish('whatsapp.session_changed', { companyId: w.companyId, whatsapp: view });
  return { id: w.id, status: o.status };
}
