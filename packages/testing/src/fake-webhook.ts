import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local receiver standing in for an n8n workflow or any webhook an integration posts to: it
 * records every request (path, headers, raw body) and answers what the test set: `answer` as
 * JSON with `status`, after `delayMs`.
 */
export interface FakeWebhookRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The body exactly as received (a signature is computed over it). */
  raw: string;
  body: unknown;
}

export interface FakeWebhook {
  url: string;
  requests: FakeWebhookRequest[];
  status: number;
  answer: unknown;
  delayMs: number;
  close(): Promise<void>;
}

export async function startFakeWebhook(): Promise<FakeWebhook> {
  const fake: Omit<FakeWebhook, 'url' | 'close'> = {
    requests: [],
    status: 200,
    answer: {},
    delayMs: 0,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      fake.requests.push({ path: req.url ?? '', headers: req.headers, raw, body });
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(fake.status, { 'Content-Type': 'application/json' });
        res.end(fake.answer === undefined ? '' : JSON.stringify(fake.answer));
      }, fake.delayMs);
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
