import type { AppContext } from '../../context.js';

/**
 * What a chatbot integration answers, whatever its provider: texts and files to send to the
 * customer, in order. Each provider's client maps its own protocol to these.
 */
export type BotReply =
  | { kind: 'text'; text: string }
  | {
      kind: 'media';
      url: string;
      mediaType: 'image' | 'audio' | 'video' | 'document';
      caption?: string;
    };

/**
 * Why a provider gave no usable answer: `timeout` (none within INTEGRATION_TIMEOUT_MS),
 * `unreachable` (the connection failed), `status` (a non-2xx), `invalid` (a 2xx whose body is
 * not what the protocol says), `credentials` (the provider refused the integration's keys).
 */
export type ProviderFailure = 'timeout' | 'unreachable' | 'status' | 'invalid' | 'credentials';

export interface ProviderError {
  ok: false;
  reason: ProviderFailure;
  status?: number;
}

/**
 * One JSON POST to an integration's provider, bounded by INTEGRATION_TIMEOUT_MS. Never throws:
 * a failure is a result, logged with its reason and status only (never a key, a token nor the
 * provider's body, which may echo them).
 */
export async function postJson(
  ctx: AppContext,
  what: string,
  url: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ ok: true; status: number; body: unknown } | ProviderError> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(ctx.config.INTEGRATION_TIMEOUT_MS),
    });
  } catch (err) {
    const reason = (err as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable';
    ctx.logger.warn({ reason }, `${what} failed`);
    return { ok: false, reason };
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    ctx.logger.warn({ reason: 'status', status: res.status }, `${what} failed`);
    return { ok: false, reason: 'status', status: res.status };
  }
  try {
    const text = await res.text();
    return { ok: true, status: res.status, body: text.trim() ? JSON.parse(text) : null };
  } catch (err) {
    const reason = (err as Error).name === 'TimeoutError' ? 'timeout' : 'invalid';
    ctx.logger.warn({ reason }, `${what} failed`);
    return { ok: false, reason };
  }
}

/** The largest file a bot's message may carry (bigger ones are sent as their link). */
export const BOT_MEDIA_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Downloads a file a bot's message points to (a Typebot image, an n8n answer's media), bounded
 * in time and size; null when it cannot be had (the caller sends its link instead).
 */
export async function downloadBotMedia(ctx: AppContext, url: string): Promise<Buffer | null> {
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    const res = await fetch(url, {
      signal: AbortSignal.timeout(ctx.config.INTEGRATION_TIMEOUT_MS),
    });
    if (!res.ok || !res.body) {
      await res.body?.cancel().catch(() => {});
      return null;
    }
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > BOT_MEDIA_MAX_BYTES) {
      await res.body.cancel().catch(() => {});
      return null;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > BOT_MEDIA_MAX_BYTES) return null;
      chunks.push(Buffer.from(chunk));
    }
    return size ? Buffer.concat(chunks) : null;
  } catch {
    ctx.logger.warn({ reason: 'media' }, 'bot media download failed');
    return null;
  }
}
