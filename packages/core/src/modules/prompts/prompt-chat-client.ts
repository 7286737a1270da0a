import { z } from 'zod';
import type { AppContext } from '../../context.js';

/** One message of a chat completion's conversation (OpenAI's `messages` entries). */
export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** What a prompt sends to the provider, besides the conversation. */
export interface ChatRequest {
  apiKey: string;
  model: string;
  maxTokens: number;
  temperature: number;
  messages: ChatTurn[];
}

/**
 * Why a chat completion gave no answer: `timeout` (no answer within OPENAI_CHAT_TIMEOUT_MS),
 * `unreachable` (the connection failed), `status` (a non-2xx), `invalid` (a 2xx whose body
 * carries no `choices[0].message.content`).
 */
export type ChatFailure = 'timeout' | 'unreachable' | 'status' | 'invalid';

export type ChatResult =
  { ok: true; text: string } | { ok: false; reason: ChatFailure; status?: number };

/** The part of OpenAI's chat completion object this client reads. */
const completionSchema = z.object({
  choices: z
    .array(z.object({ message: z.object({ content: z.string().nullable().optional() }) }))
    .min(1),
});

/**
 * One OpenAI-compatible chat completion: `POST {OPENAI_BASE_URL}/v1/chat/completions` with the
 * prompt's bearer key, bounded by OPENAI_CHAT_TIMEOUT_MS. Never throws: a failure is a result,
 * logged with its reason and status only, never the key nor the provider's body (which may
 * echo it).
 */
export async function requestChatCompletion(ctx: AppContext, r: ChatRequest): Promise<ChatResult> {
  const url = `${ctx.config.OPENAI_BASE_URL.replace(/\/+$/, '')}/v1/chat/completions`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${r.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        model: r.model,
        messages: r.messages,
        max_tokens: r.maxTokens,
        temperature: r.temperature,
      }),
      signal: AbortSignal.timeout(ctx.config.OPENAI_CHAT_TIMEOUT_MS),
    });
  } catch (err) {
    const reason = (err as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable';
    ctx.logger.warn({ reason }, 'chat completion failed');
    return { ok: false, reason };
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    ctx.logger.warn({ reason: 'status', status: res.status }, 'chat completion failed');
    return { ok: false, reason: 'status', status: res.status };
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch (err) {
    const reason = (err as Error).name === 'TimeoutError' ? 'timeout' : 'invalid';
    ctx.logger.warn({ reason }, 'chat completion failed');
    return { ok: false, reason };
  }
  const parsed = completionSchema.safeParse(body);
  const text = parsed.success ? (parsed.data.choices[0]!.message.content ?? '').trim() : '';
  if (!text) {
    ctx.logger.warn({ reason: 'invalid' }, 'chat completion failed');
    return { ok: false, reason: 'invalid' };
  }
  return { ok: true, text };
}
