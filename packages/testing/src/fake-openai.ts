import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the speech-to-text services the api calls, speaking the OpenAI audio
 * protocol: `POST /v1/audio/transcriptions` (OpenAI) and `POST /openai/v1/audio/transcriptions`
 * (Groq's compatible endpoint), multipart `file` and `model`, `Authorization: Bearer <key>`,
 * answering `{ text }`. A wrong key is a 401 with OpenAI's error body; a request without a
 * file or model a 400. Every request is recorded for tests to read.
 *
 * It also speaks OpenAI's chat completions (`POST /v1/chat/completions`, JSON body with
 * `model`, `messages`, `max_tokens`, `temperature`; bearer key), answering a chat completion
 * object whose `choices[0].message.content` is `chat.text`, after `chat.delayMs`, or the
 * status of `chat.failStatus` with OpenAI's error body. Any bearer key is accepted (tests read
 * which one came, `chatRequests`); none is a 401.
 */
export interface TranscriptionRequest {
  path: string;
  authorization: string | null;
  model: string | null;
  file: { name: string; type: string; size: number; head: string } | null;
  responseFormat: string | null;
}

/** One chat completion request as the fake received it. */
export interface ChatCompletionRequest {
  authorization: string | null;
  contentType: string | null;
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    max_tokens?: number;
    temperature?: number;
  } & Record<string, unknown>;
}

export interface FakeOpenAi {
  url: string;
  requests: TranscriptionRequest[];
  chatRequests: ChatCompletionRequest[];
  /** How chat completions are answered (tests change it between cases). */
  chat: { text: string; delayMs: number; failStatus: number | null };
  /** The accepted bearer key per path prefix ('/v1' OpenAI, '/openai/v1' Groq). */
  keys: { openai: string; groq: string };
  /** The text answered to accepted requests. */
  text: string;
  /** Answers the next request with this status (an upstream failure). */
  failNext(status: number): void;
  close(): Promise<void>;
}

export async function startFakeOpenAi(keys: { openai: string; groq: string }): Promise<FakeOpenAi> {
  const requests: TranscriptionRequest[] = [];
  let failure: number | null = null;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void handle(req, Buffer.concat(chunks)).then(({ status, json }) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      });
    });
  });

  async function handle(req: http.IncomingMessage, raw: Buffer) {
    const path = (req.url ?? '').split('?')[0]!;
    if (req.method === 'POST' && path === '/v1/chat/completions') return chat(req, raw);
    const service =
      path === '/v1/audio/transcriptions'
        ? 'openai'
        : path === '/openai/v1/audio/transcriptions'
          ? 'groq'
          : null;
    if (req.method !== 'POST' || !service)
      return { status: 404, json: { error: { message: 'Not found' } } };
    const type = req.headers['content-type'] ?? '';
    const record: TranscriptionRequest = {
      path,
      authorization: req.headers.authorization ?? null,
      model: null,
      file: null,
      responseFormat: null,
    };
    requests.push(record);
    if (type.startsWith('multipart/form-data')) {
      const form = await new Request('http://x', {
        method: 'POST',
        headers: { 'content-type': type },
        body: raw,
      }).formData();
      const file = form.get('file');
      const model = form.get('model');
      const format = form.get('response_format');
      record.model = typeof model === 'string' ? model : null;
      record.responseFormat = typeof format === 'string' ? format : null;
      if (file && typeof file !== 'string') {
        const data = Buffer.from(await file.arrayBuffer());
        record.file = {
          name: file.name,
          type: file.type,
          size: file.size,
          head: data.subarray(0, 4).toString('latin1'),
        };
      }
    }
    if (failure !== null) {
      const status = failure;
      failure = null;
      return {
        status,
        json: { error: { message: 'The server had an error', type: 'server_error' } },
      };
    }
    if (record.authorization !== `Bearer ${fake.keys[service]}`)
      return {
        status: 401,
        json: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } },
      };
    if (!record.file || !record.model)
      return { status: 400, json: { error: { message: 'file and model are required' } } };
    return { status: 200, json: { text: fake.text } };
  }

  async function chat(req: http.IncomingMessage, raw: Buffer) {
    let body: ChatCompletionRequest['body'] = {};
    try {
      body = JSON.parse(raw.toString('utf8')) as ChatCompletionRequest['body'];
    } catch {
      return { status: 400, json: { error: { message: 'We could not parse the JSON body' } } };
    }
    fake.chatRequests.push({
      authorization: req.headers.authorization ?? null,
      contentType: req.headers['content-type'] ?? null,
      body,
    });
    const { text, delayMs, failStatus } = fake.chat;
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    if (!req.headers.authorization?.startsWith('Bearer '))
      return {
        status: 401,
        json: {
          error: { message: "You didn't provide an API key.", type: 'invalid_request_error' },
        },
      };
    if (failStatus !== null)
      return {
        status: failStatus,
        json: { error: { message: 'The server had an error', type: 'server_error' } },
      };
    if (!body.model || !Array.isArray(body.messages))
      return { status: 400, json: { error: { message: 'model and messages are required' } } };
    return {
      status: 200,
      json: {
        id: `chatcmpl-${fake.chatRequests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: text, refusal: null },
            logprobs: null,
            finish_reason: 'stop',
          },
        ],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
      },
    };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeOpenAi = {
    url: `http://127.0.0.1:${port}`,
    requests,
    chatRequests: [],
    chat: { text: 'Olá! Como posso ajudar?', delayMs: 0, failStatus: null },
    keys,
    text: 'Olá, gostaria de saber o horário de funcionamento.',
    failNext(status) {
      failure = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return fake;
}
