import type http from 'node:http';
import type { AnyMessageContent, MiscMessageGenerationOptions } from '@whiskeysockets/baileys';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createControlServer, listen, type ControlSocket } from '../src/control-server.js';

const KEY = 'k'.repeat(43);

/** Stands in for the Baileys socket (external to us): records what would go to WhatsApp. */
class FakeSocket implements ControlSocket {
  sends: { jid: string; content: AnyMessageContent; options?: MiscMessageGenerationOptions }[] = [];
  async sendMessage(
    jid: string,
    content: AnyMessageContent,
    options?: MiscMessageGenerationOptions,
  ) {
    this.sends.push({ jid, content, options });
    // WhatsApp is slow: concurrent retries must wait for the same send.
    await new Promise((r) => setTimeout(r, 20));
    return { key: { id: options?.messageId ?? 'GENERATED' } };
  }
  /** The jids of each onWhatsApp call. */
  checks: string[][] = [];
  /** The jids whose LID was looked up. */
  lidLookups: string[] = [];
  /** Numbers WhatsApp knows by another jid (Brazil's ninth digit). */
  canonical = new Map<string, string>();
  async onWhatsApp(...jids: string[]) {
    this.checks.push(jids);
    // Like Baileys: only the accounts found, each by WhatsApp's own jid, not the number asked.
    return jids
      .filter((jid) => jid.startsWith('5511'))
      .map((jid) => {
        const n = jid.split('@')[0]!;
        return { jid: `${this.canonical.get(n) ?? n}@s.whatsapp.net`, exists: true };
      });
  }
  async profilePictureUrl(jid: string): Promise<string | undefined> {
    if (jid.startsWith('5511')) return 'https://pps.whatsapp.net/v/pic.jpg';
    throw new Error('item-not-found');
  }
  async lidForJid(jid: string) {
    this.lidLookups.push(jid);
    return '180000000000001@lid';
  }
}

let server: http.Server;
let url: string;
let sock: FakeSocket | null;
let loggedOut = 0;
const media = new Map<string, { data: Buffer; mimetype: string }>([
  ['voice.ogg', { data: Buffer.from('OggS'), mimetype: 'audio/ogg' }],
]);

beforeAll(async () => {
  server = createControlServer({
    controlKey: KEY,
    status: () => (sock ? 'CONNECTED' : 'OPENING'),
    socket: () => sock,
    media: async (file) => {
      const m = media.get(file);
      if (!m) throw new Error('not found');
      return m;
    },
    logout: async () => void loggedOut++,
    logger: pino({ level: 'silent' }),
  });
  url = `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  sock = new FakeSocket();
});

function call(path: string, body?: unknown, key: string | null = KEY) {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(key ? { authorization: `Bearer ${key}` } : {}),
    },
    body: JSON.stringify(body ?? {}),
  });
}
const to = { number: '5511988887777', isGroup: false };

describe('control server', () => {
  it('answers /health without auth, with the connection status', async () => {
    const res = await fetch(`${url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', connection: 'CONNECTED' });
  });

  it('refuses a missing or wrong control key with 401 on every route', async () => {
    for (const path of [
      '/messages',
      '/messages/edit',
      '/messages/delete',
      '/messages/react',
      '/check-number',
      '/check-numbers',
      '/profile-picture',
      '/logout',
    ]) {
      expect((await call(path, {}, null)).status).toBe(401);
      const wrong = await call(path, {}, `${KEY.slice(0, -1)}x`);
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toEqual({ error: 'ERR_SESSION_EXPIRED' });
    }
    expect(loggedOut).toBe(0);
    expect(sock!.sends).toHaveLength(0);
  });

  it('sends a message once per id: a repeated id answers the same wid and sends nothing again', async () => {
    const body = { id: 'ATD2-1F', to, body: 'olá', mediaType: 'chat' };
    const [a, b] = await Promise.all([call('/messages', body), call('/messages', body)]);
    const c = await call('/messages', body);
    expect(await a.json()).toEqual({ wid: 'ATD2-1F' });
    expect(await b.json()).toEqual({ wid: 'ATD2-1F' });
    expect(await c.json()).toEqual({ wid: 'ATD2-1F' });
    expect(sock!.sends).toHaveLength(1);
    expect(sock!.sends[0]).toMatchObject({
      jid: '5511988887777@s.whatsapp.net',
      content: { text: 'olá' },
      options: { messageId: 'ATD2-1F' },
    });
    await call('/messages', { ...body, id: 'ATD2-20' });
    expect(sock!.sends).toHaveLength(2);
  });

  it('sends recorded audio as a voice note, locations, contact cards and quoted replies', async () => {
    await call('/messages', { id: 'A1', to, body: '', mediaType: 'audio', mediaFile: 'voice.ogg' });
    expect(sock!.sends[0]!.content).toMatchObject({
      audio: Buffer.from('OggS'),
      ptt: true,
      mimetype: 'audio/ogg',
    });
    await call('/messages', {
      id: 'A2',
      to: { number: '120363041234567890', isGroup: true },
      body: '-23.5,-46.6\nSé',
      mediaType: 'locationMessage',
      quotedWid: 'Q1',
    });
    expect(sock!.sends[1]).toMatchObject({
      jid: '120363041234567890@g.us',
      content: { location: { degreesLatitude: -23.5, degreesLongitude: -46.6, name: 'Sé' } },
      options: { quoted: { key: { id: 'Q1' } } },
    });
    const vcard = 'BEGIN:VCARD\nVERSION:3.0\nFN:João\nEND:VCARD';
    await call('/messages', { id: 'A3', to, body: vcard, mediaType: 'contactMessage' });
    expect(sock!.sends[2]!.content).toEqual({
      contacts: { displayName: 'João', contacts: [{ vcard }] },
    });
  });

  it('edits, deletes and reacts through the socket', async () => {
    expect((await call('/messages/edit', { wid: 'W1', to, body: 'novo' })).status).toBe(204);
    expect((await call('/messages/delete', { wid: 'W1', to })).status).toBe(204);
    expect((await call('/messages/react', { wid: 'W2', to, emoji: '👍' })).status).toBe(204);
    const jid = '5511988887777@s.whatsapp.net';
    expect(sock!.sends.map((s) => s.content)).toEqual([
      { text: 'novo', edit: { remoteJid: jid, id: 'W1', fromMe: true } },
      { delete: { remoteJid: jid, id: 'W1', fromMe: true } },
      { react: { text: '👍', key: { remoteJid: jid, id: 'W2', fromMe: false } } },
    ]);
  });

  it('checks numbers and fetches profile pictures (null when WhatsApp has none)', async () => {
    expect(await (await call('/check-number', { number: '5511988887777' })).json()).toEqual({
      exists: true,
      number: '5511988887777',
      lid: '180000000000001',
    });
    expect(await (await call('/check-number', { number: '4400000000' })).json()).toEqual({
      exists: false,
      number: null,
      lid: null,
    });
    expect(await (await call('/profile-picture', { number: '5511988887777' })).json()).toEqual({
      url: 'https://pps.whatsapp.net/v/pic.jpg',
    });
    expect(await (await call('/profile-picture', { number: '4400000000' })).json()).toEqual({
      url: null,
    });
  });

  it('checks up to 50 numbers with ONE onWhatsApp call, each answered as asked', async () => {
    const s = sock!;
    s.canonical.set('551187654321', '5511987654321'); // WhatsApp adds the ninth digit
    s.canonical.set('5511976543210', '551176543210'); // … or drops it
    const numbers = [
      '5511988887777',
      '551187654321',
      '4400000000',
      '5511976543210',
      '5511988887777',
    ];
    const res = await call('/check-numbers', { numbers });
    expect(res.status).toBe(200);
    expect(s.checks).toEqual([
      [
        '5511988887777@s.whatsapp.net',
        '551187654321@s.whatsapp.net',
        '4400000000@s.whatsapp.net',
        '5511976543210@s.whatsapp.net',
      ],
    ]);
    const lid = '180000000000001';
    expect(await res.json()).toEqual({
      results: [
        { input: '5511988887777', exists: true, number: '5511988887777', lid },
        { input: '551187654321', exists: true, number: '5511987654321', lid },
        { input: '4400000000', exists: false, number: null, lid: null },
        { input: '5511976543210', exists: true, number: '551176543210', lid },
        { input: '5511988887777', exists: true, number: '5511988887777', lid },
      ],
    });
    // LIDs of the existing ones only, each once.
    expect(s.lidLookups).toEqual([
      '5511988887777@s.whatsapp.net',
      '5511987654321@s.whatsapp.net',
      '551176543210@s.whatsapp.net',
    ]);

    // 50 numbers: still one call; without lids, no LID look-up at all.
    sock = new FakeSocket();
    const fifty = Array.from({ length: 50 }, (_, i) => `55119000${String(i).padStart(5, '0')}`);
    const many = (await (await call('/check-numbers', { numbers: fifty, lids: false })).json()) as {
      results: { input: string; exists: boolean; lid: string | null }[];
    };
    expect(sock.checks).toHaveLength(1);
    expect(sock.checks[0]).toHaveLength(50);
    expect(sock.lidLookups).toEqual([]);
    expect(many.results.map((r) => r.input)).toEqual(fifty);
    expect(many.results.every((r) => r.exists && r.lid === null)).toBe(true);

    // Accounts whose jid matches no number asked: as many as the numbers left, so they exist;
    // a lone pair is each other's.
    sock.canonical.set('5511911110000', '5599000000001');
    sock.canonical.set('5511922220000', '5599000000002');
    const unknown = (await (
      await call('/check-numbers', { numbers: ['5511911110000', '5511922220000'], lids: false })
    ).json()) as { results: unknown[] };
    expect(unknown.results).toEqual([
      { input: '5511911110000', exists: true, number: null, lid: null },
      { input: '5511922220000', exists: true, number: null, lid: null },
    ]);
    const lone = (await (
      await call('/check-numbers', { numbers: ['5511911110000'], lids: false })
    ).json()) as { results: unknown[] };
    expect(lone.results).toEqual([
      { input: '5511911110000', exists: true, number: '5599000000001', lid: null },
    ]);

    // More than 50, none, or not digits: 400, WhatsApp not asked.
    const calls = sock.checks.length;
    for (const bad of [
      { numbers: [...fifty, '5511999999999'] },
      { numbers: [] },
      { numbers: ['+55 11 98888-7777'] },
      { numbers: '5511988887777' },
      {},
    ]) {
      const r = await call('/check-numbers', bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(await r.json()).toEqual({ error: 'ERR_VALIDATION' });
    }
    expect(sock.checks).toHaveLength(calls);
  });

  it('answers 503 ERR_WAPP_NOT_INITIALIZED while not connected, and 400 for malformed bodies', async () => {
    sock = null;
    const res = await call('/messages', { id: 'X1', to, body: 'x', mediaType: 'chat' });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'ERR_WAPP_NOT_INITIALIZED' });
    expect((await call('/check-number', { number: '5511988887777' })).status).toBe(503);
    expect((await call('/check-numbers', { numbers: ['5511988887777'] })).status).toBe(503);
    sock = new FakeSocket();
    expect((await call('/messages', { to, body: 'no id' })).status).toBe(400);
    const bad = await fetch(`${url}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}` },
      body: '{not json',
    });
    expect(bad.status).toBe(400);
    expect((await call('/logout')).status).toBe(204);
    expect(loggedOut).toBe(1);
  });
});
