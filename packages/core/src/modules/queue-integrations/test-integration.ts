import { randomUUID } from 'node:crypto';
import {
  AppError,
  type QueueIntegrationTestInput,
  type QueueIntegrationTestView,
  MSG_REQUIRED_PT,
} from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../access/principal.js';
import { featureData } from '../campaigns/plan-feature.js';
import { detectIntent, type DialogflowResult } from './dialogflow-client.js';

/** The greeting a Dialogflow test sends, in the agent's language. */
const GREETING: Record<string, string> = { 'pt-BR': 'Olá', en: 'Hello', es: 'Hola' };
/** A provider's error text is cut to this length. */
const MESSAGE_MAX = 300;

type Failure = Extract<DialogflowResult, { ok: false }>;

/** A provider's failure as the route's error: refused key, timeout, or the provider's status. */
function failure(f: Pick<Failure, 'reason' | 'status' | 'message'>): AppError {
  const data = {
    reason: f.reason,
    ...(f.status !== undefined ? { status: f.status } : {}),
    ...(f.message ? { message: f.message } : {}),
  };
  if (f.reason === 'credentials') return new AppError('ERR_INTEGRATION_CREDENTIALS', { data });
  if (f.reason === 'timeout') return new AppError('ERR_INTEGRATION_TIMEOUT', { data });
  return new AppError('ERR_INTEGRATION_FAILED', { data });
}

type Posted = { ok: true; status: number; body: unknown } | Failure;

/**
 * One JSON POST to an integration's url, bounded by INTEGRATION_TIMEOUT_MS; a non-2xx is a
 * `status` failure (with the provider's `message` when `keepMessage`). Never throws.
 */
async function postJson(
  ctx: AppContext,
  url: string,
  body: unknown,
  keepMessage: boolean,
): Promise<Posted> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(ctx.config.INTEGRATION_TIMEOUT_MS),
      redirect: 'manual',
    });
  } catch (err) {
    return {
      ok: false,
      reason: (err as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable',
    };
  }
  let json: unknown = null;
  try {
    json = await res.json();
  } catch (err) {
    if ((err as Error).name === 'TimeoutError') return { ok: false, reason: 'timeout' };
  }
  if (res.status < 200 || res.status >= 300) {
    const message = (json as { message?: unknown } | null)?.message;
    return {
      ok: false,
      reason: 'status',
      status: res.status,
      ...(keepMessage && typeof message === 'string'
        ? { message: message.slice(0, MESSAGE_MAX) }
        : {}),
    };
  }
  return { ok: true, status: res.status, body: json };
}

/** The Dialogflow key to test: the one sent, else the stored integration's. */
async function dialogflowKey(
  ctx: AppContext,
  auth: Principal,
  input: QueueIntegrationTestInput,
): Promise<string> {
  const db = await featureData(ctx, auth, 'useIntegrations');
  let stored: string | null = null;
  if (input.id) {
    // Another company's integration is not found either.
    const [row] = await db.query<{ jsonContent: string | null }>(
      `SELECT "jsonContent" FROM queue_integrations WHERE "companyId" = $1 AND id = $2`,
      [db.companyId, input.id],
    );
    if (!row) throw new AppError('ERR_NOT_FOUND');
    stored = row.jsonContent;
  }
  const key = input.jsonContent || stored;
  if (!key)
    throw new AppError('ERR_VALIDATION', {
      fields: [{ field: 'jsonContent', message: MSG_REQUIRED_PT }],
    });
  return key;
}

/**
 * POST /queueIntegration/testSession (docs/product/queues-and-chatbots.md#routes): tries an integration's settings against its
 * provider. Dialogflow: a real detect intent of a greeting on a fresh session, answering the
 * intent and its messages; Typebot: a `startChat` on the bot, answering how many messages it
 * sent; n8n and webhook: a `{ version: 1, event: 'test' }` POST to the url, answering its
 * status. A failure is ERR_INTEGRATION_CREDENTIALS (a key that is not a service account or that
 * Google refused), ERR_INTEGRATION_TIMEOUT or ERR_INTEGRATION_FAILED (unreachable, or the
 * provider's status and message in `data`). Nothing is logged of the key.
 */
export async function testIntegration(
  ctx: AppContext,
  o: { auth: Principal; input: QueueIntegrationTestInput },
): Promise<QueueIntegrationTestView> {
  const { input } = o;
  const type = input.type;
  const fail = (f: Failure) => {
    ctx.logger.warn({ type, reason: f.reason, status: f.status }, 'integration test failed');
    return failure(f);
  };

  if (type === 'dialogflow') {
    const jsonContent = await dialogflowKey(ctx, o.auth, input);
    const language = input.language ?? 'pt-BR';
    const result = await detectIntent(ctx, {
      jsonContent,
      projectName: input.projectName ?? '',
      language,
      sessionId: `atendo-test-${randomUUID()}`,
      text: GREETING[language] ?? GREETING['pt-BR']!,
    });
    if (!result.ok) throw fail(result);
    return { ok: true, type, intent: result.intent, messages: result.texts };
  }

  await featureData(ctx, o.auth, 'useIntegrations');
  const url = (input.urlN8N ?? '').replace(/\/+$/, '');
  if (type === 'typebot') {
    const res = await postJson(
      ctx,
      `${url}/api/v1/typebots/${encodeURIComponent(input.typebotSlug ?? '')}/startChat`,
      { isStreamEnabled: false, textBubbleContentFormat: 'markdown' },
      true,
    );
    if (!res.ok) throw fail(res);
    const messages = (res.body as { messages?: unknown } | null)?.messages;
    return {
      ok: true,
      type,
      status: res.status,
      messageCount: Array.isArray(messages) ? messages.length : 0,
    };
  }
  const res = await postJson(ctx, input.urlN8N ?? '', { version: 1, event: 'test' }, false);
  if (!res.ok) throw fail(res);
  return { ok: true, type, status: res.status };
}
