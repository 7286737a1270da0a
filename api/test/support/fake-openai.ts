import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the speech-to-text services the api calls, speaking the OpenAI audio
 * protocol: `POST /v1/audio/transcriptions` (OpenAI) and `POST /openai/v1/audio/transcriptions`
 * (Groq's compatible endpoint), multipart `file` and `model`, `Authorization: Bearer <key>`,
 * answering `{ text }`. A wrong key is a 401 with OpenAI's error body; a request without a
 * file or model a 400. Every request is recorded for tests to read.
 */
export interface TranscriptionRequest {
  path: string;
  authorization: string | null;
  model: string | null;
  file: { name: string; type: string; size: number; head: string } | null;
  responseFormat: string | null;
}

export interface FakeOpenAi {
  url: string;
  requests: TranscriptionRequest[];
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

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeOpenAi = {
    url: `http://127.0.0.1:${port}`,
    requests,
    keys,
    text: 'Olá, gostaria de saber o horário de funcionamento.',
    failNext(status) {
      failure = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return fake;
}
