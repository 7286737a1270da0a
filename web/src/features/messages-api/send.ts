import type { z } from 'zod';
import type { apiSendMessageView } from '@atendo/domain';
import { config } from '@/lib/config';

export type ApiSendAnswer = z.output<typeof apiSendMessageView>;

/** One field the api named in a 400 (`{ error, fields: [{ field, message }] }`). */
export interface ApiFieldIssue {
  field: string;
  message: string;
}

/** What one test call came back with: the api's answer, or its refusal as it was sent. */
export type SendOutcome =
  | { ok: true; status: number; answer: ApiSendAnswer }
  | { ok: false; status: number; error: string; fields: ApiFieldIssue[] };

/** The path of the messages API (contract route messagesApiSend). */
export const SEND_PATH = '/api/messages/send';

/** The full address integrators call: the console's api base URL (its own origin when empty). */
export function sendEndpoint(): string {
  return `${config.apiUrl || window.location.origin}${SEND_PATH}`;
}

/**
 * Calls the messages API as an integrator would: plain fetch with the connection's token as the
 * bearer, not the console's client (which would add the user's session and refresh it on 403).
 * A JSON object goes as application/json; FormData as multipart (the browser sets the boundary).
 * Rejects only when the api cannot be reached.
 */
export async function sendTestMessage(
  token: string,
  payload: Record<string, string> | FormData,
): Promise<SendOutcome> {
  const isForm = payload instanceof FormData;
  const response = await globalThis.fetch(sendEndpoint(), {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      ...(isForm ? {} : { 'Content-Type': 'application/json' }),
    },
    body: isForm ? payload : JSON.stringify(payload),
  });
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok) return { ok: true, status: response.status, answer: body as ApiSendAnswer };
  return {
    ok: false,
    status: response.status,
    error: typeof body?.error === 'string' ? body.error : `HTTP ${response.status}`,
    fields: Array.isArray(body?.fields) ? (body.fields as ApiFieldIssue[]) : [],
  };
}
