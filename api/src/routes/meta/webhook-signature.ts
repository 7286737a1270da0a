import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { AppError } from '@atendo/domain';
import type { AppContext } from '@atendo/core/context.js';

/** The paths whose POST bodies Meta signs: their raw bytes are kept for the check. */
export const META_WEBHOOK_PATHS = ['/webhook', '/webhook/whatsapp'];

const RAW = Symbol('atendo.rawBody');
type WithRaw = IncomingMessage & { [RAW]?: Buffer };

/**
 * The `verify` callback of the JSON body parser (app.ts): keeps the bytes of a webhook
 * POST exactly as received, since the signature is over them, not over a re-serialization.
 */
export function keepWebhookRawBody(req: IncomingMessage, _res: unknown, buf: Buffer): void {
  if (req.method !== 'POST') return;
  const p = (req.url ?? '').split('?')[0]!.replace(/\/$/, '');
  if (META_WEBHOOK_PATHS.includes(p)) (req as WithRaw)[RAW] = buf;
}

/** True when `header` is `sha256=<hex>` of HMAC-SHA256(secret, body); constant-time compare. */
export function validSignature(body: Buffer, header: string | undefined, secret: string): boolean {
  const m = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '');
  if (!m) return false;
  const expected = crypto.createHmac('sha256', secret).update(body).digest();
  return crypto.timingSafeEqual(expected, Buffer.from(m[1]!, 'hex'));
}

/**
 * Runs before the body is validated or read: a POST without the raw body, without a secret
 * configured (nothing could be verified), or whose X-Hub-Signature-256 does not sign it, is
 * refused with 401 ERR_INVALID_SIGNATURE and nothing is stored.
 */
export function requireMetaSignature(ctx: AppContext): RequestHandler {
  let warned = false;
  return (req, _res, next) => {
    const secret = ctx.config.META_APP_SECRET;
    if (!secret && !warned) {
      warned = true;
      ctx.logger.warn('META_APP_SECRET is not set: every Meta webhook is refused');
    }
    const raw = (req as unknown as WithRaw)[RAW];
    const ok = !!secret && !!raw && validSignature(raw, req.get('x-hub-signature-256'), secret);
    next(ok ? undefined : new AppError('ERR_INVALID_SIGNATURE'));
  };
}
