import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InternalApi, InternalApiError } from '../src/internal-api.js';

/**
 * The session's client of the internal api over plain node:http: the wire forms of the
 * protocol (bearer token, BufferJSON auth values, multipart events, media bytes, error codes),
 * read back here with the standard Web parsers.
 */
interface Seen {
  method: string;
  url: string;
  auth?: string;
  type?: string;
  body: Buffer;
}
const seen: Seen[] = [];
let server: http.Server;
let api: InternalApi;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method!,
        url: req.url!,
        auth: req.headers.authorization,
        type: req.headers['content-type'],
        body: Buffer.concat(chunks),
      });
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.headers.authorization !== 'Bearer tok-1')
        return json(401, { error: 'ERR_SESSION_EXPIRED' });
      if (req.url === '/internal/sessions/me/auth/read')
        return json(200, {
          values: { creds: { noiseKey: { type: 'Buffer', data: 'AQID' } }, 'pre-key-1': null },
        });
      if (req.url === '/internal/sessions/me/media/a%20b.ogg')
        return res
          .writeHead(200, { 'content-type': 'audio/ogg; codecs=opus' })
          .end(Buffer.from([0x4f, 0x67]));
      if (req.url === '/internal/sessions/me/events')
        return json(200, { messageId: 7, ticketId: 3, duplicate: false });
      return json(200, {});
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  api = new InternalApi(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 'tok-1');
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('internal api client', () => {
  it('reads and writes auth values as BufferJSON, with the session token', async () => {
    const values = await api.readAuth(['creds', 'pre-key-1']);
    expect(Buffer.isBuffer((values.creds as { noiseKey: Buffer }).noiseKey)).toBe(true);
    expect((values.creds as { noiseKey: Buffer }).noiseKey).toEqual(Buffer.from([1, 2, 3]));
    expect(values['pre-key-1']).toBeNull();
    await api.writeAuth({ 'session-1': Buffer.from([255, 0]), 'pre-key-2': null });
    const put = seen.at(-1)!;
    expect(put).toMatchObject({
      method: 'PUT',
      url: '/internal/sessions/me/auth',
      auth: 'Bearer tok-1',
    });
    expect(JSON.parse(put.body.toString())).toEqual({
      values: { 'session-1': { type: 'Buffer', data: '/wA=' }, 'pre-key-2': null },
    });
  });

  it('posts media events as multipart (event JSON + media file) and plain events as JSON', async () => {
    const event = {
      type: 'message' as const,
      wid: 'W1',
      fromMe: false,
      contact: { number: '5511988887777' },
      kind: 'audio' as const,
      body: '',
      isForwarded: false,
    };
    const result = await api.postEvent(event, {
      data: Buffer.from('OggS-bytes'),
      mimetype: 'audio/ogg; codecs=opus',
      fileName: 'voz "1".ogg',
    });
    expect(result).toEqual({ messageId: 7, ticketId: 3, duplicate: false });
    const post = seen.at(-1)!;
    const form = await new Response(new Uint8Array(post.body), {
      headers: { 'content-type': post.type! },
    }).formData();
    expect(JSON.parse(form.get('event') as string)).toEqual(event);
    const file = form.get('media') as File;
    expect(file.type).toBe('audio/ogg; codecs=opus');
    expect(file.name).toBe('voz _1_.ogg');
    expect(Buffer.from(await file.arrayBuffer()).toString()).toBe('OggS-bytes');

    await api.postEvent({ type: 'ack', wid: 'W1', ack: 3 });
    expect(seen.at(-1)!.type).toBe('application/json');
    expect(JSON.parse(seen.at(-1)!.body.toString())).toEqual({ type: 'ack', wid: 'W1', ack: 3 });
  });

  it('fetches outbound media bytes with their type', async () => {
    expect(await api.media('a b.ogg')).toEqual({
      data: Buffer.from([0x4f, 0x67]),
      mimetype: 'audio/ogg',
    });
  });

  it('turns refusals into errors with the api code', async () => {
    const refused = new InternalApi(
      `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      'wrong',
    );
    const err = await refused.config().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InternalApiError);
    expect(err).toMatchObject({ status: 401, code: 'ERR_SESSION_EXPIRED' });
  });
});
