import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Contact, WAMessage } from '@whiskeysockets/baileys';
import { createControlServer, listen } from '@atendo/session/control-server';
import { FakeWhatsApp, textMessage } from '@atendo/session/fake-whatsapp';
import { InternalApi, type StatusReport } from '@atendo/session/internal-api';
import { LruMap } from '@atendo/session/lru';
import { StatusReporter } from '@atendo/session/status-reporter';
import { WhatsappSession } from '@atendo/session/whatsapp';
import {
  DEMO_ADMIN,
  apiError,
  startTestApi,
  type TestApi,
  type TestClient,
} from './support/api.js';
import { PNG_1X1 } from './support/upload.js';

/**
 * The REAL session code (session/src: WhatsappSession, its spool, auth state, control server)
 * against the real api and PostgreSQL, with WhatsApp played by a fake socket injected at
 * Baileys' `makeWASocket` seam. The fake emits Baileys' own event shapes through Baileys' own
 * event emitter and serves media encrypted as WhatsApp's media hosts do; an api outage is a
 * TCP proxy in front of the api that refuses connections.
 */

const INTERNAL = 'internal-service-token-for-tests';
const quiet = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let t: TestApi;
let db: pg.Client;
let admin: TestClient & { user: { id: number; companyId: number } };
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'atendo-wa-session-'));

/** A TCP proxy in front of the api that can be cut (connections refused and dropped). */
function faultProxy(port: number) {
  let down = false;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (down) return void client.destroy();
    const upstream = net.connect(port, '127.0.0.1');
    open.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.pipe(upstream).pipe(client);
    for (const s of [client, upstream]) s.on('error', end).on('close', end);
  });
  return {
    async start(): Promise<string> {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
      return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    },
    cut() {
      down = true;
      for (const s of open) s.destroy();
    },
    restore() {
      down = false;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let proxy: ReturnType<typeof faultProxy>;
let proxied = '';

/** A new WhatsApp connection of the demo company, and its session token. */
async function newConnection(name: string): Promise<{ id: number; token: string }> {
  const service = t.client(INTERNAL);
  const id = (
    await service.call('internalConnectionRegister', {
      body: {
        companyId: admin.user.companyId,
        resourceName: name,
        displayName: `Sessão ${name}`,
        channel: 'whatsapp',
      },
    })
  ).id;
  const token = (await service.call('internalSessionCredentials', { params: { id } })).token;
  return { id, token };
}

class RecordingReporter extends StatusReporter {
  readonly reports: StatusReport[] = [];
  override report(r: StatusReport): void {
    this.reports.push(r);
    super.report(r);
  }
}

interface Running {
  session: WhatsappSession;
  reporter: RecordingReporter;
  fake: FakeWhatsApp;
  refused: { n: number };
  stop(graceMs?: number): Promise<{ left: number }>;
}

/** The session program's pieces, wired as program.ts wires them, through the proxy. */
async function startSession(o: {
  token: string;
  spoolDir: string;
  fake?: FakeWhatsApp;
  api?: InternalApi;
  maxMediaBytes?: number;
}): Promise<Running> {
  const fake = o.fake ?? new FakeWhatsApp();
  const api = o.api ?? new InternalApi(proxied, o.token);
  const sent = new LruMap<string, Promise<string>>(5000);
  const controlKey = randomBytes(32).toString('base64url');
  let endpoint = '';
  const reporter = new RecordingReporter(api, () => ({ endpoint, controlKey }), quiet);
  const refused = { n: 0 };
  const session = new WhatsappSession({
    api,
    reporter,
    logger: quiet,
    sent,
    spoolDir: o.spoolDir,
    makeSocket: fake.factory,
    retryMs: (attempt) => Math.min(2000, 100 * 2 ** attempt),
    onTokenRefused: () => refused.n++,
    ...(o.maxMediaBytes ? { maxMediaBytes: o.maxMediaBytes } : {}),
  });
  const server = createControlServer({
    controlKey,
    status: () => session.status(),
    socket: () => session.controlSocket(),
    contacts: () => session.contacts.list(),
    media: (file) => api.media(file),
    logout: () => session.logout(),
    logger: quiet,
    sent,
  });
  endpoint = `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}`;
  await session.start();
  await fake.socket(1);
  return {
    session,
    reporter,
    fake,
    refused,
    async stop(graceMs = 2000) {
      const left = await session.stop(graceMs);
      reporter.stop();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      fake.close();
      return left;
    },
  };
}

const ME: Contact = { id: '5511900001111:12@s.whatsapp.net', lid: '99887766554433:12@lid' };

async function connectionStatus(id: number): Promise<string> {
  return (await db.query(`SELECT status FROM whatsapps WHERE id = $1`, [id])).rows[0].status;
}

async function bodies(connectionId: number): Promise<string[]> {
  return (
    await db.query(
      `SELECT body FROM messages WHERE "whatsappId" = $1 AND NOT "fromMe" ORDER BY id`,
      [connectionId],
    )
  ).rows.map((r: { body: string }) => r.body);
}

beforeAll(async () => {
  t = await startTestApi({ INTERNAL_TOKEN: INTERNAL });
  db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();
  admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  proxy = faultProxy(Number(new URL(t.url).port));
  proxied = await proxy.start();
});
afterEach(() => proxy.restore());
afterAll(async () => {
  await proxy?.close();
  await db?.end();
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('inbound messages survive api trouble (defect 1)', () => {
  it('an api outage of 60 s loses no message, and they arrive in order', async () => {
    const c = await newConnection('queda-60s');
    const s = await startSession({ token: c.token, spoolDir: path.join(tmp, 'outage') });
    s.fake.current.openAs(ME);
    await expect.poll(() => connectionStatus(c.id), { timeout: 10_000 }).toBe('CONNECTED');

    s.fake.current.upsert([textMessage({ from: '5511977770001@s.whatsapp.net', text: 'antes' })]);
    await expect.poll(() => bodies(c.id), { timeout: 10_000 }).toEqual(['antes']);

    proxy.cut();
    const during: string[] = [];
    for (let i = 1; i <= 6; i++) {
      await sleep(10_000);
      during.push(`durante ${i}`);
      s.fake.current.upsert([
        textMessage({ from: '5511977770001@s.whatsapp.net', text: `durante ${i}` }),
      ]);
    }
    await expect.poll(() => s.session.spooled(), { timeout: 5000 }).toBe(6);
    proxy.restore();
    await expect.poll(() => bodies(c.id), { timeout: 20_000 }).toEqual(['antes', ...during]);
    // The api stores the last event before its answer reaches the spool, which then drops it.
    await expect.poll(() => s.session.spooled(), { timeout: 5000 }).toBe(0);
    await s.stop();
  }, 120_000);

  it('events queued at SIGTERM wait on disk and reach the api from the next process', async () => {
    const c = await newConnection('sigterm');
    const spoolDir = path.join(tmp, 'sigterm');
    const first = await startSession({ token: c.token, spoolDir });
    first.fake.current.openAs(ME);
    await expect.poll(() => connectionStatus(c.id), { timeout: 10_000 }).toBe('CONNECTED');
    proxy.cut();
    for (const text of ['um', 'dois', 'três'])
      first.fake.current.upsert([textMessage({ from: '5511977770002@s.whatsapp.net', text })]);
    const { left } = await first.stop(500);
    expect(left).toBe(3);
    expect(fs.readdirSync(spoolDir).filter((f) => f.endsWith('.json'))).toHaveLength(3);
    proxy.restore();

    const second = await startSession({ token: c.token, spoolDir });
    await expect.poll(() => bodies(c.id), { timeout: 15_000 }).toEqual(['um', 'dois', 'três']);
    await second.stop();
  }, 60_000);

  it('media is streamed to the api; a file the api refuses, or over the limit, leaves the message with a note', async () => {
    const c = await newConnection('midia');
    const s = await startSession({
      token: c.token,
      spoolDir: path.join(tmp, 'media'),
      maxMediaBytes: 200_000,
    });
    s.fake.current.openAs(ME);
    const from = '5511977770003@s.whatsapp.net';
    const doc = (
      id: string,
      bytes: Buffer,
      fileName: string,
      up: Awaited<ReturnType<FakeWhatsApp['upload']>>,
    ): WAMessage => ({
      key: { remoteJid: from, fromMe: false, id },
      messageTimestamp: Math.trunc(Date.now() / 1000),
      message: {
        documentMessage: {
          url: up.url,
          mediaKey: up.mediaKey,
          fileLength: bytes.length,
          fileSha256: up.fileSha256,
          fileEncSha256: up.fileEncSha256,
          mimetype: 'application/pdf',
          fileName,
        },
      },
    });
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(50_000)]);
    const up = await s.fake.upload(pdf, 'document');
    const longName = `${'relatório-'.repeat(40)}.pdf`;
    const big = randomBytes(300_000);
    const bigUp = await s.fake.upload(big, 'document');
    s.fake.current.upsert([
      doc('DOC-OK', pdf, 'contrato.pdf', up),
      doc('DOC-LONG-NAME', pdf, longName, up),
      doc('DOC-BIG', big, 'grande.pdf', bigUp),
    ]);
    await expect
      .poll(
        async () =>
          (
            await db.query(
              `SELECT wid, "mediaType", "mediaUrl", body FROM messages WHERE "whatsappId" = $1 ORDER BY id`,
              [c.id],
            )
          ).rows,
        { timeout: 15_000 },
      )
      .toHaveLength(3);
    const rows = (
      await db.query(
        `SELECT wid, "mediaType", "mediaUrl", body FROM messages WHERE "whatsappId" = $1 ORDER BY id`,
        [c.id],
      )
    ).rows as { wid: string; mediaType: string; mediaUrl: string | null; body: string }[];
    expect(rows[0]).toMatchObject({ wid: 'DOC-OK', mediaType: 'document' });
    expect(rows[0]!.mediaUrl).toBeTruthy();
    // Downloaded and decrypted by Baileys' own code, streamed to the api from the spool.
    expect(rows[1]).toMatchObject({ wid: 'DOC-LONG-NAME', mediaType: 'chat' });
    expect(rows[1]!.body).toBe(
      `${longName}\n[Arquivo não recebido: recusado pelo servidor (ERR_VALIDATION)]`,
    );
    expect(rows[2]).toMatchObject({ wid: 'DOC-BIG', mediaType: 'chat' });
    expect(rows[2]!.body).toBe('grande.pdf\n[Arquivo não recebido: maior que o limite (0,3 MB)]');
    // Over the limit by its declared size: never downloaded (2 downloads: the two others).
    expect(s.fake.mediaDownloads).toBe(2);
    await s.stop();
  }, 60_000);
});

describe('smaller losses (defect 10)', () => {
  it("downloads media through the connection's proxy, as the socket goes", async () => {
    let hits = 0;
    let auth = '';
    const forward = http.createServer((req, res) => {
      hits++;
      auth = req.headers['proxy-authorization'] ?? '';
      http.get(req.url!, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
    });
    forward.on('connect', (req, sock, head) => {
      hits++;
      auth = req.headers['proxy-authorization'] ?? '';
      const [host, port] = req.url!.split(':');
      const up = net.connect(Number(port), host, () => {
        sock.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        up.write(head);
        up.pipe(sock).pipe(up);
      });
      up.on('error', () => sock.destroy());
    });
    await new Promise<void>((r) => forward.listen(0, '127.0.0.1', () => r()));
    const c = await newConnection('proxy-midia');
    await db.query(
      `INSERT INTO proxies ("companyId", host, port, protocol, username, password, enabled)
       VALUES ($1, '127.0.0.1', $2, 'http', 'atendo', 'segredo', true)`,
      [admin.user.companyId, (forward.address() as net.AddressInfo).port],
    );
    await db.query(`UPDATE whatsapps SET "useProxy" = true WHERE id = $1`, [c.id]);
    try {
      const s = await startSession({ token: c.token, spoolDir: path.join(tmp, 'proxy') });
      s.fake.current.openAs(ME);
      const img = Buffer.concat([PNG_1X1]);
      const up = await s.fake.upload(img, 'image');
      s.fake.current.upsert([
        {
          key: { remoteJid: '5511977770009@s.whatsapp.net', fromMe: false, id: 'IMG-PROXY' },
          messageTimestamp: Math.trunc(Date.now() / 1000),
          message: {
            imageMessage: {
              url: up.url,
              mediaKey: up.mediaKey,
              fileLength: img.length,
              fileSha256: up.fileSha256,
              fileEncSha256: up.fileEncSha256,
              mimetype: 'image/png',
            },
          },
        },
      ]);
      await expect
        .poll(
          async () =>
            (await db.query(`SELECT "mediaType", "mediaUrl" FROM messages WHERE wid = 'IMG-PROXY'`))
              .rows[0],
          { timeout: 10_000 },
        )
        .toMatchObject({ mediaType: 'image' });
      expect(hits).toBeGreaterThan(0);
      expect(auth).toBe(`Basic ${Buffer.from('atendo:segredo').toString('base64')}`);
      expect(s.fake.mediaDownloads).toBe(1);
      await s.stop();
    } finally {
      await db.query(`DELETE FROM proxies WHERE "companyId" = $1`, [admin.user.companyId]);
      forward.close();
    }
  });
});

describe('one contact per person (defect 4) and group metadata (defect 9)', () => {
  it("resolves a LID-only sender through Baileys' mapping and ignores our own ids as alternates", async () => {
    const c = await newConnection('lid');
    const s = await startSession({ token: c.token, spoolDir: path.join(tmp, 'lid') });
    s.fake.lids.set('2222333344445555', '5511966665555');
    s.fake.current.openAs(ME);
    s.fake.current.upsert([
      textMessage({ from: '2222333344445555@lid', text: 'só pelo LID', pushName: 'Lia' }),
      // WhatsApp sometimes puts our own LID as the chat's alternate id.
      textMessage({
        from: '5511955554444@s.whatsapp.net',
        fromAlt: '99887766554433@lid',
        text: 'com o nosso LID ao lado',
      }),
    ]);
    await expect.poll(() => bodies(c.id), { timeout: 10_000 }).toHaveLength(2);
    const contacts = (
      await db.query(
        `SELECT c.number, c.lid FROM messages m JOIN contacts c ON c.id = m."contactId"
          WHERE m."whatsappId" = $1 ORDER BY m.id`,
        [c.id],
      )
    ).rows;
    expect(contacts).toEqual([
      { number: '5511966665555', lid: '2222333344445555' },
      { number: '5511955554444', lid: null },
    ]);
    await s.stop();
  });

  it('asks WhatsApp for a group once: its name for inbound messages, its metadata for sends', async () => {
    const c = await newConnection('grupo');
    const s = await startSession({ token: c.token, spoolDir: path.join(tmp, 'group') });
    const gid = '120363000000000001@g.us';
    s.fake.groups.set(gid, {
      id: gid,
      subject: 'Clientes VIP',
      participants: [{ id: '5511977770010@s.whatsapp.net' }],
    } as never);
    s.fake.current.openAs(ME);
    await db.query(`UPDATE whatsapps SET "allowGroup" = true WHERE id = $1`, [c.id]);
    const from = (text: string) => ({
      ...textMessage({ from: gid, text }),
      key: {
        remoteJid: gid,
        participant: '5511977770010@s.whatsapp.net',
        fromMe: false,
        id: `G-${text}`,
      },
    });
    s.fake.current.upsert([from('primeira'), from('segunda')]);
    await expect
      .poll(
        async () =>
          (
            await db.query(
              `SELECT name FROM contacts WHERE "isGroup" AND number = '120363000000000001' AND "companyId" = $1`,
              [admin.user.companyId],
            )
          ).rows[0]?.name,
        { timeout: 10_000 },
      )
      .toBe('Clientes VIP');
    const sock = s.session.controlSocket()!;
    await sock.sendMessage(gid, { text: 'Olá, grupo' });
    await sock.sendMessage(gid, { text: 'De novo' });
    expect(s.fake.groupMetadataCalls).toBe(1);
    expect(await s.fake.current.config.cachedGroupMetadata?.(gid)).toMatchObject({
      subject: 'Clientes VIP',
    });
    // A change to the group drops the cached copy: the next use asks again.
    s.fake.current.ev.emit('groups.update', [{ id: gid, subject: 'Clientes VIP 2' }]);
    await sock.sendMessage(gid, { text: 'Depois da mudança' });
    expect(s.fake.groupMetadataCalls).toBe(2);
    await s.stop();
  });
});

describe('quotes as WhatsApp shows them (defect 10)', () => {
  it("a reply quotes the customer's message, or ours, with its real author and content", async () => {
    const c = await newConnection('citacao');
    const s = await startSession({ token: c.token, spoolDir: path.join(tmp, 'quote') });
    s.fake.current.openAs(ME);
    await expect.poll(() => connectionStatus(c.id), { timeout: 10_000 }).toBe('CONNECTED');
    const original = {
      ...textMessage({ from: '5511977770011@s.whatsapp.net', text: 'Qual o prazo?' }),
      message: { extendedTextMessage: { text: 'Qual o prazo?' } },
    };
    s.fake.current.upsert([original]);
    await expect.poll(() => bodies(c.id), { timeout: 10_000 }).toEqual(['Qual o prazo?']);
    const { id: customerMsg, ticketId } = (
      await db.query(`SELECT id, "ticketId" FROM messages WHERE wid = $1`, [original.key.id])
    ).rows[0] as { id: number; ticketId: number };

    await admin.call('messagesStore', {
      params: { ticketId },
      body: { body: 'Até sexta.', quotedMsg: { id: customerMsg } },
    });
    await expect.poll(() => s.fake.current.sent.length, { timeout: 10_000 }).toBe(1);
    const reply = s.fake.current.sent[0]!.options!.quoted!;
    expect(reply.key).toMatchObject({ id: original.key.id, fromMe: false });
    expect(reply.message).toEqual({ extendedTextMessage: { text: 'Qual o prazo?' } });

    const ours = (
      await db.query(`SELECT id FROM messages WHERE "ticketId" = $1 AND "fromMe"`, [ticketId])
    ).rows[0].id as number;
    await admin.call('messagesStore', {
      params: { ticketId },
      body: { body: 'Confirmando.', quotedMsg: { id: ours } },
    });
    await expect.poll(() => s.fake.current.sent.length, { timeout: 10_000 }).toBe(2);
    const self = s.fake.current.sent[1]!.options!.quoted!;
    expect(self.key).toMatchObject({ id: s.fake.current.sent[0]!.message.key.id, fromMe: true });
    expect(self.message).toEqual({ conversation: 'Até sexta.' });
    await s.stop();
  });
});

describe('retry requests find what we sent (defect 2)', () => {
  it('answers from memory across socket restarts, and from the api after a process restart', async () => {
    const c = await newConnection('reenvio');
    const spoolDir = path.join(tmp, 'retry');
    const s = await startSession({ token: c.token, spoolDir });
    s.fake.current.openAs(ME);
    await expect.poll(() => connectionStatus(c.id), { timeout: 10_000 }).toBe('CONNECTED');
    s.fake.current.upsert([
      textMessage({ from: '5511977770004@s.whatsapp.net', text: 'preciso de ajuda' }),
    ]);
    await expect.poll(() => bodies(c.id), { timeout: 10_000 }).toEqual(['preciso de ajuda']);
    const ticketId = (
      await db.query(`SELECT "ticketId" FROM messages WHERE "whatsappId" = $1`, [c.id])
    ).rows[0].ticketId as number;
    // Reload the endpoint the session reported (the api sends through its control server).
    await admin.call('messagesStore', { params: { ticketId }, body: { body: 'Estamos vendo' } });
    await expect.poll(() => s.fake.current.sent.length, { timeout: 10_000 }).toBe(1);
    const sent = s.fake.current.sent[0]!.message;
    const key = { remoteJid: sent.key.remoteJid!, id: sent.key.id!, fromMe: true };

    // The socket restarts (Baileys' own 5-minute cache goes with it): still answered.
    s.fake.current.close(408);
    const second = await s.fake.socket(2, 20_000);
    expect(second.config.msgRetryCounterCache).toBe(s.fake.sockets[0]!.config.msgRetryCounterCache);
    expect(await second.retryRequest(key)).toEqual({ conversation: 'Estamos vendo' });
    await s.stop();

    // The api kept what WhatsApp got, beside the message.
    expect(
      (await db.query(`SELECT "dataJson" -> 'message' AS m FROM messages WHERE wid = $1`, [key.id]))
        .rows[0].m,
    ).toEqual({ conversation: 'Estamos vendo' });

    // A new process: the api's stored copy answers.
    const again = await startSession({ token: c.token, spoolDir });
    expect(await again.fake.current.retryRequest(key)).toEqual({ conversation: 'Estamos vendo' });
    expect(await again.fake.current.retryRequest({ ...key, id: '3EB0UNKNOWN' })).toBeUndefined();
    await again.stop();
  }, 60_000);
});

describe('a session process that dies while sending (issue 28)', () => {
  it('hands the send to the next process once it is connected, once; other connections never notice', async () => {
    const a = await newConnection('morre-enviando');
    const b = await newConnection('vizinha');
    const sa = await startSession({ token: a.token, spoolDir: path.join(tmp, 'dies-a') });
    const sb = await startSession({ token: b.token, spoolDir: path.join(tmp, 'dies-b') });
    sa.fake.current.openAs(ME);
    sb.fake.current.openAs({ id: '5511900002222:7@s.whatsapp.net', lid: '11223344556677:7@lid' });
    await expect.poll(() => connectionStatus(a.id), { timeout: 10_000 }).toBe('CONNECTED');
    await expect.poll(() => connectionStatus(b.id), { timeout: 10_000 }).toBe('CONNECTED');
    const ticketOf = async (connectionId: number, from: string) => {
      const session = connectionId === a.id ? sa : sb;
      session.fake.current.upsert([textMessage({ from, text: 'oi' })]);
      await expect.poll(() => bodies(connectionId), { timeout: 10_000 }).toEqual(['oi']);
      return (
        await db.query(`SELECT "ticketId" FROM messages WHERE "whatsappId" = $1`, [connectionId])
      ).rows[0].ticketId as number;
    };
    const ticketA = await ticketOf(a.id, '5511977770021@s.whatsapp.net');
    const ticketB = await ticketOf(b.id, '5511977770022@s.whatsapp.net');

    // WhatsApp never answers A's send, and the process dies with the send in its hands.
    let attempts = 0;
    sa.fake.current.sendMessage = () => {
      attempts++;
      return new Promise<never>(() => {});
    };
    await admin.call('messagesStore', {
      params: { ticketId: ticketA },
      body: { body: 'Segue o boleto' },
    });
    await expect.poll(() => attempts, { timeout: 10_000 }).toBe(1);
    await sa.stop(0);

    // B goes on as if nothing happened.
    await admin.call('messagesStore', {
      params: { ticketId: ticketB },
      body: { body: 'Tudo certo' },
    });
    await expect.poll(() => sb.fake.current.sent.length, { timeout: 10_000 }).toBe(1);

    // The api's retries of the hand-over (0.25, 1 and 4 s) run out while A is gone: the send
    // waits, stored.
    await sleep(6000);
    expect(
      (
        await db.query(`SELECT wid, ack FROM messages WHERE "ticketId" = $1 AND "fromMe"`, [
          ticketA,
        ])
      ).rows,
    ).toEqual([{ wid: null, ack: 0 }]);

    // A's next process: once connected, it takes the send A owed, and sends it once.
    const again = await startSession({ token: a.token, spoolDir: path.join(tmp, 'dies-a') });
    again.fake.current.openAs(ME);
    await expect.poll(() => again.fake.current.sent.length, { timeout: 20_000 }).toBe(1);
    expect(again.fake.current.sent[0]!.message.message).toEqual({ conversation: 'Segue o boleto' });
    await expect
      .poll(
        async () =>
          (
            await db.query(`SELECT wid FROM messages WHERE "ticketId" = $1 AND "fromMe"`, [ticketA])
          ).rows.map((r: { wid: string | null }) => r.wid),
        { timeout: 10_000 },
      )
      .toEqual([again.fake.current.sent[0]!.message.key.id]);
    await sleep(2000);
    expect(again.fake.current.sent).toHaveLength(1);
    expect(sb.fake.current.sent).toHaveLength(1);
    await again.stop();
    await sb.stop();
  }, 60_000);
});

describe('pairing and creds (defect 3)', () => {
  it('a 515 right after pairing keeps the pairing while the creds are still on their way', async () => {
    const c = await newConnection('pareamento');
    // The api takes 1.5 s for every creds write (a busy database).
    class SlowCreds extends InternalApi {
      override async writeAuth(values: Record<string, unknown>): Promise<void> {
        if ('creds' in values) await sleep(1500);
        return super.writeAuth(values);
      }
    }
    const api = new SlowCreds(proxied, c.token);
    const s = await startSession({ token: c.token, spoolDir: path.join(tmp, 'pair'), api });
    s.fake.current.showQr();
    await expect.poll(() => connectionStatus(c.id), { timeout: 10_000 }).toBe('qrcode');
    s.fake.current.pair(ME);
    const second = await s.fake.socket(2, 5000);
    expect(second.config.auth.creds.me?.id).toBe(ME.id);
    expect(second.config.auth.creds.registered).toBe(true);
    second.openAs(ME);
    await expect.poll(() => connectionStatus(c.id), { timeout: 10_000 }).toBe('CONNECTED');

    // Many updates in a row: the api ends with the newest, whatever order writes finished in.
    const creds = second.config.auth.creds;
    for (let i = 0; i < 12; i++) {
      creds.nextPreKeyId++;
      second.ev.emit('creds.update', { nextPreKeyId: creds.nextPreKeyId });
      await sleep(100);
    }
    const expected = creds.nextPreKeyId;
    await s.stop(10_000);
    const stored = (await new InternalApi(t.url, c.token).readAuth(['creds'])).creds as {
      me?: { id: string };
      nextPreKeyId: number;
    };
    expect(stored.me?.id).toBe(ME.id);
    expect(stored.nextPreKeyId).toBe(expected);
  }, 60_000);

  it('writes many big keys in byte-sized batches the api takes', async () => {
    const c = await newConnection('chaves');
    const { apiAuthState } = await import('@atendo/session/auth-state');
    const auth = await apiAuthState(new InternalApi(t.url, c.token));
    const sessions: Record<string, unknown> = {};
    // 400 sessions of ~6 KB: 2.4 MB in all, far over the api's 1 MB body limit.
    for (let i = 0; i < 400; i++)
      sessions[`551197777${String(i).padStart(4, '0')}.0`] = { record: randomBytes(4500) };
    await auth.state.keys.set({ session: sessions as never });
    expect(await auth.flush(30_000)).toBe(true);
    const n = (
      await db.query(
        `SELECT count(*)::int AS n FROM baileys_auth WHERE "whatsappId" = $1 AND key LIKE 'session-%'`,
        [c.id],
      )
    ).rows[0].n;
    expect(n).toBe(400);
  }, 60_000);
});

describe('a connection WhatsApp refuses stops instead of looping (defect 8)', () => {
  for (const [code, reason] of [
    [440, 'replaced'],
    [403, 'banned'],
    [405, 'outdated'],
  ] as const) {
    it(`${code} stops with the ${reason} status`, async () => {
      const c = await newConnection(`parada-${code}`);
      const s = await startSession({ token: c.token, spoolDir: path.join(tmp, `stop-${code}`) });
      s.fake.current.openAs(ME);
      await expect.poll(() => connectionStatus(c.id), { timeout: 10_000 }).toBe('CONNECTED');
      s.fake.current.close(code);
      await expect.poll(() => connectionStatus(c.id), { timeout: 10_000 }).toBe('DISCONNECTED');
      await sleep(2500);
      expect(s.fake.sockets).toHaveLength(1);
      expect(s.reporter.reports.at(-1)).toMatchObject({ status: 'DISCONNECTED', reason });
      const row = (
        await db.query(`SELECT status, "statusReason" FROM whatsapps WHERE id = $1`, [c.id])
      ).rows[0];
      expect(row).toEqual({ status: 'DISCONNECTED', statusReason: reason });
      // The console's view of the connection says it too.
      const shown = (await admin.call('whatsappShow', { params: { id: c.id } })) as {
        statusReason?: string | null;
      };
      expect(shown.statusReason).toBe(reason);
      await s.stop();
      // "Try again": a new attempt, the old reason no longer shown.
      await admin.call('sessionStart', { params: { id: c.id } });
      expect(
        (await db.query(`SELECT "statusReason" FROM whatsapps WHERE id = $1`, [c.id])).rows[0],
      ).toEqual({ statusReason: null });
    });
  }

  it('a rotated token ends the stale process; its events wait for the next one', async () => {
    const c = await newConnection('token-girado');
    const spoolDir = path.join(tmp, 'rotated');
    const s = await startSession({ token: c.token, spoolDir });
    s.fake.current.openAs(ME);
    await expect.poll(() => connectionStatus(c.id), { timeout: 10_000 }).toBe('CONNECTED');
    const fresh = (
      await t.client(INTERNAL).call('internalSessionCredentials', { params: { id: c.id } })
    ).token;
    s.fake.current.upsert([
      textMessage({ from: '5511977770005@s.whatsapp.net', text: 'depois da troca' }),
    ]);
    await expect.poll(() => s.refused.n, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(s.session.spooled()).toBe(1);
    await s.stop(200);
    const next = await startSession({ token: fresh, spoolDir });
    await expect.poll(() => bodies(c.id), { timeout: 10_000 }).toEqual(['depois da troca']);
    await next.stop();
  });
});

describe("the phone's contacts and profiles through the session (issue 26 §2–3)", () => {
  it("imports the phone's address book and reads a number's profile, and says when no session is connected", async () => {
    const c = await newConnection('agenda');
    // The default connection is the one the console's lookups use; the earlier tests'
    // connections (their processes gone) are not connected any more.
    await db.query(
      `UPDATE whatsapps SET "isDefault" = (id = $1),
              status = CASE WHEN id = $1 THEN status ELSE 'DISCONNECTED' END
        WHERE "companyId" = $2`,
      [c.id, admin.user.companyId],
    );
    const spoolDir = path.join(tmp, 'agenda');
    const s = await startSession({ token: c.token, spoolDir });
    // Without a connected session: a clear error, nothing imported.
    expect(await apiError(() => admin.call('contactsImportChats'))).toMatchObject({
      code: 'ERR_WAPP_NOT_INITIALIZED',
    });
    s.fake.current.openAs(ME);
    await expect.poll(() => connectionStatus(c.id), { timeout: 10_000 }).toBe('CONNECTED');
    // What WhatsApp tells: the first sync's address book, then a saved name pushed later.
    s.fake.current.historySet({
      contacts: [
        { id: '5511955550001@s.whatsapp.net', name: 'Joana Prado' },
        { id: '5511955550002@s.whatsapp.net', notify: 'Beto' },
        { id: '120363000000000001@g.us', name: 'Grupo da família' },
        { id: '99887766554400@lid', notify: 'Sem número' },
      ],
    });
    s.fake.current.contactsUpsert([{ id: '5511955550003@s.whatsapp.net', name: 'Caio Lins' }]);
    // A contact the company has with only its number for a name gets the phone's name.
    await db.query(
      `INSERT INTO contacts ("companyId", name, number, channel) VALUES ($1, '5511955550003', '5511955550003', 'whatsapp')`,
      [admin.user.companyId],
    );
    await expect
      .poll(async () => (await admin.call('contactsImportChats')).created, { timeout: 10_000 })
      .toBe(2);
    const rows = (
      await db.query(
        `SELECT name, number, "whatsappId" FROM contacts
          WHERE "companyId" = $1 AND number LIKE '55119555500%' ORDER BY number`,
        [admin.user.companyId],
      )
    ).rows;
    expect(rows).toEqual([
      { name: 'Joana Prado', number: '5511955550001', whatsappId: c.id },
      { name: 'Beto', number: '5511955550002', whatsappId: c.id },
      { name: 'Caio Lins', number: '5511955550003', whatsappId: null },
    ]);
    // Again: nothing new, nothing renamed.
    expect(await admin.call('contactsImportChats')).toMatchObject({ created: 0, renamed: 0 });

    // A number's profile: checked on WhatsApp, its picture read and kept on the contact.
    s.fake.pictures.set('5511955550001', 'https://pps.whatsapp.net/v/joana.jpg');
    const joana = await admin.call('contactsProfile', { params: { number: '5511955550001' } });
    expect(joana).toMatchObject({
      source: 'channel',
      number: '5511955550001',
      profilePicUrl: 'https://pps.whatsapp.net/v/joana.jpg',
      contact: { name: 'Joana Prado', profilePicUrl: 'https://pps.whatsapp.net/v/joana.jpg' },
    });
    expect(joana.contactId).toBe(joana.contact!.id);
    // A number the company does not know: its picture, contactId 0.
    s.fake.pictures.set('5511955550009', 'private');
    expect(
      await admin.call('contactsProfile', { params: { number: '5511955550009' } }),
    ).toMatchObject({ contactId: 0, profilePicUrl: null, contact: null, source: 'channel' });
    // A number without WhatsApp.
    s.fake.registered.add('5511955550001');
    expect(
      await apiError(() => admin.call('contactsProfile', { params: { number: '5511955550008' } })),
    ).toMatchObject({ code: 'ERR_WAPP_INVALID_CONTACT' });

    // An import that validates asks WhatsApp: a number without an account is refused, one
    // with an account is stored as WhatsApp writes it.
    s.fake.registered.add('5511955550021');
    const report = await admin.call('contactsImportRows', {
      body: {
        rows: [
          ['Com WhatsApp', '+55 (11) 95555-0021'],
          ['Sem WhatsApp', '5511955550022'],
        ],
        mapping: { name: 0, number: 1 },
        validateContact: true,
      },
    });
    expect(report).toMatchObject({
      created: 1,
      failed: [{ row: 2, reason: 'ERR_WAPP_INVALID_CONTACT' }],
    });
    expect(
      (
        await db.query(
          `SELECT number FROM contacts WHERE "companyId" = $1 AND name IN ('Com WhatsApp', 'Sem WhatsApp')`,
          [admin.user.companyId],
        )
      ).rows,
    ).toEqual([{ number: '5511955550021' }]);
    s.fake.registered.clear();

    // The book outlives the process (WhatsApp sends it only at the first sync).
    await s.stop();
    const again = await startSession({ token: c.token, spoolDir });
    expect(again.session.contacts.size).toBe(3);
    // No connected session now: the stored contact answers.
    await db.query(`UPDATE whatsapps SET status = 'DISCONNECTED' WHERE id = $1`, [c.id]);
    expect(
      await admin.call('contactsProfile', { params: { number: '5511955550001' } }),
    ).toMatchObject({ source: 'stored', profilePicUrl: 'https://pps.whatsapp.net/v/joana.jpg' });
    await again.stop();
  });
});
