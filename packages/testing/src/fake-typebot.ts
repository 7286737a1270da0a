import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a Typebot server, speaking its public chat API as docs.typebot.io
 * describes it: `POST /api/v1/typebots/{publicId}/startChat` (body: `prefilledVariables`,
 * `textBubbleContentFormat`, `isStreamEnabled`) answers `{ sessionId, typebot, messages, input }`;
 * `POST /api/v1/sessions/{sessionId}/continueChat` (body: `message: { type: 'text', text }`)
 * answers `{ messages, input }`. A finished session is forgotten (404, as Typebot does), and
 * so is an unknown one. Text bubbles come as Markdown when asked for, else as rich text.
 *
 * A bot is a list of steps, each some bubbles and the input it then waits for (none: the flow
 * ends). A choice input accepts one of its labels (any case); anything else gets the bot's
 * invalid-reply message and the same input again, as Typebot does. `{{name}}` in a text is the
 * prefilled variable. Every request is recorded for tests to read.
 */
export type FakeTypebotBubble =
  | { type: 'text'; text: string }
  | { type: 'image' | 'audio'; url: string }
  | { type: 'video'; url: string; videoType?: string }
  | { type: 'embed'; url: string };

export interface FakeTypebotStep {
  bubbles: FakeTypebotBubble[];
  input?: { type: 'text input' } | { type: 'choice input'; items: string[] };
}

export interface FakeTypebotRequest {
  path: string;
  body: Record<string, unknown>;
  authorization: string | null;
}

export interface FakeTypebot {
  url: string;
  requests: FakeTypebotRequest[];
  /** The bots this server publishes, by public id. */
  bots: Map<string, { steps: FakeTypebotStep[]; invalidMessage?: string }>;
  /** Sessions alive now (id → where they are and what was answered). */
  sessions: Map<
    string,
    { bot: string; step: number; answers: string[]; variables: Record<string, string> }
  >;
  /** Every call waits this long first (a slow server). */
  delayMs: number;
  /** Every call answers this status instead (a broken server); 0: off. */
  failStatus: number;
  close(): Promise<void>;
}

export async function startFakeTypebot(): Promise<FakeTypebot> {
  const fake: Omit<FakeTypebot, 'url' | 'close'> = {
    requests: [],
    bots: new Map(),
    sessions: new Map(),
    delayMs: 0,
    failStatus: 0,
  };

  const render = (
    step: FakeTypebotStep,
    variables: Record<string, string>,
    markdown: boolean,
    extra: FakeTypebotBubble[] = [],
  ) => {
    const messages = [...extra, ...step.bubbles].map((b) => {
      const id = crypto.randomUUID();
      if (b.type === 'text') {
        const text = b.text.replace(/\{\{(\w+)\}\}/g, (_, v: string) => variables[v] ?? '');
        return markdown
          ? { id, type: 'text', content: { type: 'markdown', markdown: text } }
          : {
              id,
              type: 'text',
              content: { type: 'richText', richText: [{ type: 'p', children: [{ text }] }] },
            };
      }
      if (b.type === 'video')
        return { id, type: 'video', content: { url: b.url, type: b.videoType ?? 'url' } };
      return { id, type: b.type, content: { url: b.url } };
    });
    const input = step.input
      ? step.input.type === 'choice input'
        ? {
            id: crypto.randomUUID(),
            type: 'choice input',
            items: step.input.items.map((content) => ({ id: crypto.randomUUID(), content })),
            options: {},
          }
        : { id: crypto.randomUUID(), type: 'text input', options: {} }
      : undefined;
    return { messages, ...(input ? { input } : {}) };
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<
            string,
            unknown
          >;
        } catch {
          /* recorded as empty */
        }
        const path = req.url ?? '';
        fake.requests.push({ path, body, authorization: req.headers.authorization ?? null });
        if (fake.delayMs) await new Promise((r) => setTimeout(r, fake.delayMs));
        const send = (status: number, payload: unknown) => {
          if (res.destroyed) return;
          res.writeHead(status, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify(payload));
        };
        if (fake.failStatus) return send(fake.failStatus, { message: 'Internal error' });
        if (req.method !== 'POST') return send(405, { message: 'Method not allowed' });
        const markdown = body.textBubbleContentFormat === 'markdown';

        const start = /^\/api\/v1\/typebots\/([^/]+)\/startChat$/.exec(path);
        if (start) {
          const botId = decodeURIComponent(start[1]!);
          const bot = fake.bots.get(botId);
          if (!bot) return send(404, { message: 'Typebot not found', code: 'NOT_FOUND' });
          const variables = (body.prefilledVariables ?? {}) as Record<string, string>;
          const sessionId = crypto.randomUUID();
          const first = bot.steps[0] ?? { bubbles: [] };
          if (first.input)
            fake.sessions.set(sessionId, { bot: botId, step: 0, answers: [], variables });
          return send(200, {
            sessionId,
            typebot: { id: botId, theme: {}, settings: {} },
            resultId: crypto.randomUUID(),
            ...render(first, variables, markdown),
          });
        }

        const cont = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(path);
        if (cont) {
          const session = fake.sessions.get(decodeURIComponent(cont[1]!));
          if (!session) return send(404, { message: 'Session not found.', code: 'NOT_FOUND' });
          const bot = fake.bots.get(session.bot)!;
          const message = body.message as { type?: string; text?: string } | string | undefined;
          const text = (typeof message === 'string' ? message : (message?.text ?? '')).trim();
          const step = bot.steps[session.step]!;
          if (step.input?.type === 'choice input') {
            const item = step.input.items.find((i) => i.toLowerCase() === text.toLowerCase());
            if (!item)
              return send(
                200,
                render({ bubbles: [], input: step.input }, session.variables, markdown, [
                  {
                    type: 'text',
                    text: bot.invalidMessage ?? 'Invalid message. Please, try again.',
                  },
                ]),
              );
          }
          session.answers.push(text);
          session.step += 1;
          const next = bot.steps[session.step] ?? { bubbles: [] };
          if (!next.input) fake.sessions.delete(decodeURIComponent(cont[1]!));
          return send(200, render(next, session.variables, markdown));
        }
        send(404, { message: 'Not found' });
      })();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  });
}
