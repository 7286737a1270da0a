import crypto from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { postJson, type BotReply, type ProviderError } from './bot-reply.js';

/**
 * The n8n and webhook integrations: each customer message of a ticket the integration holds is
 * POSTed as JSON to its url (`urlN8N`), and the messages the answer carries are sent back. The
 * shapes are versioned (`version: 1`) and documented in docs/integrations.md.
 *
 * Signed so the receiver can tell the call is ours: `X-Atendo-Signature: sha256=<hex>`, the
 * HMAC-SHA256 of `<X-Atendo-Timestamp>.<raw body>` keyed with the connection's token (the one
 * the messages API takes, shown to admins in the connection dialog); a connection without a
 * token sends no signature. `Idempotency-Key` names the message: a receiver that sees it twice
 * may drop the second.
 */

/** What is POSTed (version 1). */
export interface WebhookEvent {
  version: 1;
  /** `message`: a customer's message; `start`: a menu just handed the ticket to the bot. */
  event: 'message' | 'start';
  companyId: number;
  connection: { id: number; name: string; channel: string };
  ticket: { id: number; uuid: string; status: string; queueId: number | null };
  contact: { id: number; name: string; number: string };
  message: {
    id: number;
    wid: string | null;
    body: string;
    mediaType: string;
    mediaUrl: string | null;
    createdAt: string;
  };
}

/** The answer (version 1): messages to send, and whether a human takes over now. */
const answerSchema = z
  .object({
    messages: z
      .array(
        z.union([
          z.string(),
          z.object({
            text: z.string().optional(),
            mediaUrl: z.string().url().optional(),
            mediaType: z.enum(['image', 'audio', 'video', 'document']).optional(),
            caption: z.string().optional(),
          }),
        ]),
      )
      .max(20)
      .default([]),
    handoff: z.boolean().default(false),
  })
  .passthrough();

export type WebhookResult = { ok: true; replies: BotReply[]; handoff: boolean } | ProviderError;

/** The signature header's value for a body sent at `timestamp` (seconds). */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export async function postToWebhook(
  ctx: AppContext,
  o: { url: string; secret: string | null; idempotencyKey: string; event: WebhookEvent },
): Promise<WebhookResult> {
  const body = JSON.stringify(o.event);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const headers: Record<string, string> = {
    'User-Agent': 'Atendo-Webhook/1',
    'Idempotency-Key': o.idempotencyKey,
    'X-Atendo-Timestamp': timestamp,
  };
  if (o.secret) headers['X-Atendo-Signature'] = webhookSignature(o.secret, timestamp, body);
  const res = await postJson(ctx, 'webhook integration', o.url, body, headers);
  if (!res.ok) return res;
  // An empty 2xx (or one that is not our shape) is a receipt: nothing to send.
  const parsed = answerSchema.safeParse(res.body ?? {});
  if (!parsed.success) return { ok: true, replies: [], handoff: false };
  const replies: BotReply[] = [];
  for (const m of parsed.data.messages) {
    if (typeof m === 'string') {
      if (m.trim()) replies.push({ kind: 'text', text: m.trim() });
    } else if (m.mediaUrl) {
      replies.push({
        kind: 'media',
        url: m.mediaUrl,
        mediaType: m.mediaType ?? 'document',
        ...(m.caption || m.text ? { caption: m.caption ?? m.text } : {}),
      });
    } else if (m.text?.trim()) replies.push({ kind: 'text', text: m.text.trim() });
  }
  return { ok: true, replies, handoff: parsed.data.handoff };
}
