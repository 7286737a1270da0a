import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { postJson, type BotReply, type ProviderError } from './bot-reply.js';

/**
 * Typebot's public chat API (docs.typebot.io, "API > Chat"): `POST {url}/api/v1/typebots/
 * {publicId}/startChat` opens a session and answers the bot's first messages and the input it
 * waits for; `POST {url}/api/v1/sessions/{sessionId}/continueChat` with `{ message: { type:
 * 'text', text } }` answers that input and gets what follows. Text bubbles are asked for as
 * Markdown (`textBubbleContentFormat`), which maps to WhatsApp's formatting. A published bot
 * needs no key.
 */

/** What one call gave: the messages to send and what the bot waits for next. */
export interface TypebotTurn {
  ok: true;
  sessionId: string;
  replies: BotReply[];
  /** The labels of the choice the bot now asks for (numbered for the customer), or none. */
  choices: string[];
  /** The flow ended: the bot waits for no input any more. */
  ended: boolean;
}
export type TypebotResult = TypebotTurn | ProviderError;

const messageSchema = z
  .object({
    type: z.string(),
    content: z
      .object({
        type: z.string().optional(),
        markdown: z.string().optional(),
        richText: z.unknown().optional(),
        url: z.string().optional(),
        plainText: z.string().optional(),
      })
      .passthrough()
      .optional(),
  })
  .passthrough();

const answerSchema = z
  .object({
    sessionId: z.string().optional(),
    messages: z.array(messageSchema).default([]),
    input: z
      .object({
        type: z.string(),
        items: z
          .array(
            z
              .object({ content: z.string().optional(), title: z.string().optional() })
              .passthrough(),
          )
          .optional(),
      })
      .passthrough()
      .nullable()
      .optional(),
  })
  .passthrough();

/** Typebot's Markdown in WhatsApp's dialect: *bold*, _italic_, ~strike~, no escapes. */
export function markdownToWhatsapp(md: string): string {
  // Bold is parked on a private-use character while single stars become italics.
  const BOLD = '\uE000';
  return md
    .replace(/\*\*(.+?)\*\*/gs, `${BOLD}$1${BOLD}`)
    .replace(/(^|[^*])\*(?!\s)([^*]+?)\*/g, '$1_$2_')
    .replaceAll(BOLD, '*')
    .replace(/~~(.+?)~~/gs, '~$1~')
    .replace(/\\([\\`*_{}[\]()#+\-.!>~|])/g, '$1')
    .trim();
}

/** The plain text of a rich-text bubble (Slate nodes), for a server that ignores the format. */
function plainOf(nodes: unknown): string {
  if (!Array.isArray(nodes)) return '';
  const line = (n: unknown): string => {
    if (!n || typeof n !== 'object') return '';
    const o = n as { text?: unknown; children?: unknown };
    if (typeof o.text === 'string') return o.text;
    return Array.isArray(o.children) ? o.children.map(line).join('') : '';
  };
  return nodes.map(line).join('\n');
}

/** A bubble as what we send: text, a file, or a link for what WhatsApp cannot show. */
function replyOf(m: z.infer<typeof messageSchema>): BotReply | null {
  const c = m.content ?? {};
  switch (m.type) {
    case 'text': {
      const text =
        c.markdown !== undefined
          ? markdownToWhatsapp(c.markdown)
          : (c.plainText ?? plainOf(c.richText));
      return text.trim() ? { kind: 'text', text: text.trim() } : null;
    }
    case 'image':
    case 'audio':
      return c.url ? { kind: 'media', url: c.url, mediaType: m.type } : null;
    case 'video':
      // A YouTube or Vimeo video is a page, not a file.
      if (!c.url) return null;
      return !c.type || c.type === 'url'
        ? { kind: 'media', url: c.url, mediaType: 'video' }
        : { kind: 'text', text: c.url };
    case 'embed':
      return c.url ? { kind: 'text', text: c.url } : null;
    default:
      return c.url ? { kind: 'media', url: c.url, mediaType: 'document' } : null;
  }
}

/** The numbered choices appended to the bot's last message, in the queue menu's style. */
export function choicesText(choices: string[]): string {
  return choices.map((label, i) => `*[ ${i + 1} ]* - ${label}`).join('\n');
}

function turnOf(body: unknown, sessionId: string | undefined): TypebotResult {
  const parsed = answerSchema.safeParse(body);
  const id = parsed.success ? (parsed.data.sessionId ?? sessionId) : undefined;
  if (!parsed.success || !id) return { ok: false, reason: 'invalid' };
  const replies = parsed.data.messages.map(replyOf).filter((r): r is BotReply => r !== null);
  const input = parsed.data.input ?? null;
  const choices =
    input && /choice input$/.test(input.type)
      ? (input.items ?? [])
          .map((i) => (i.content ?? i.title ?? '').trim())
          .filter((label) => label.length > 0)
      : [];
  if (choices.length) replies.push({ kind: 'text', text: choicesText(choices) });
  return { ok: true, sessionId: id, replies, choices, ended: !input };
}

const base = (url: string) => url.replace(/\/+$/, '');

/** Opens a session on the published bot `slug`, the contact's details as prefilled variables. */
export async function startTypebotChat(
  ctx: AppContext,
  o: { url: string; slug: string; variables: Record<string, string> },
): Promise<TypebotResult> {
  const res = await postJson(
    ctx,
    'typebot startChat',
    `${base(o.url)}/api/v1/typebots/${encodeURIComponent(o.slug)}/startChat`,
    JSON.stringify({
      isStreamEnabled: false,
      textBubbleContentFormat: 'markdown',
      prefilledVariables: o.variables,
    }),
  );
  return res.ok ? turnOf(res.body, undefined) : res;
}

/** Answers the input the session waits for with the customer's text. */
export async function continueTypebotChat(
  ctx: AppContext,
  o: { url: string; sessionId: string; text: string },
): Promise<TypebotResult> {
  const res = await postJson(
    ctx,
    'typebot continueChat',
    `${base(o.url)}/api/v1/sessions/${encodeURIComponent(o.sessionId)}/continueChat`,
    JSON.stringify({
      message: { type: 'text', text: o.text },
      textBubbleContentFormat: 'markdown',
    }),
  );
  return res.ok ? turnOf(res.body, o.sessionId) : res;
}
