import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ADMIN,
  DEMO_AGENT,
  SUPER,
  startTestApi,
  type TestApi,
  type TestClient,
} from './support/api.js';
import {
  cloudText,
  cloudWebhook,
  pageWebhook,
  postWebhook,
  startFakeGraph,
  type FakeGraph,
} from '@atendo/testing/fake-graph';
import { sql } from './support/sql.js';
import { PNG_1X1, postFile } from './support/upload.js';

/**
 * The Meta channels end to end against a local fake Graph API: signed webhooks in, the
 * production channel registry out (no test adapter), tokens, acks, the 24-hour window and
 * the /facebook connection route, across two companies.
 */
type Logged = TestClient & { user: { id: number; companyId: number } };
const SECRET = 'meta-app-secret-for-tests';
const VERIFY = 'verify-me-please';
let t: TestApi;
let graph: FakeGraph;
let admin: Logged;
let agent: Logged;
let bAdmin: Logged;
const A = { companyId: 0, cloud: 0, page: 0, insta: 0 };
const B = { companyId: 0, cloud: 0 };
const PHONE_A = '1000001';
const PHONE_B = '1000002';
const PAGE_A = '2000001';
const INSTA_A = '3000001';
let seq = 0;
const number = () => `5511987${String(Date.now()).slice(-5)}${++seq}`;

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  sql<T>(t.databaseUrl, text, params);
const post = (payload: unknown, sign: 'good' | 'bad' | 'none' = 'good', path = '/webhook') =>
  postWebhook(t.url, payload, { secret: SECRET, sign, path });
const until = async <T>(
  check: () => Promise<T | undefined | null | false>,
  ms = 10_000,
): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};
const messageByWid = async (wid: string) =>
  (
    await q<{
      id: number;
      ticketId: number;
      companyId: number;
      body: string;
      ack: number;
      mediaType: string;
      mediaUrl: string | null;
      fromMe: boolean;
      quotedMsgId: number | null;
    }>(
      `SELECT id, "ticketId", "companyId", body, ack, "mediaType", "mediaUrl", "fromMe", "quotedMsgId" FROM messages WHERE wid = $1`,
      [wid],
    )
  )[0];

async function connection(
  companyId: number,
  o: { name: string; channel: string; account: string; token: string },
) {
  const [row] = await q<{ id: number }>(
    `INSERT INTO whatsapps ("companyId", name, channel, status, "facebookPageUserId", "tokenMeta", "facebookUserToken")
     VALUES ($1, $2, $3, 'CONNECTED', $4, $5, $6) RETURNING id`,
    [
      companyId,
      o.name,
      o.channel,
      o.account,
      o.channel === 'whatsappapi' ? o.token : null,
      o.channel === 'whatsappapi' ? null : o.token,
    ],
  );
  return row!.id;
}

beforeAll(async () => {
  graph = await startFakeGraph();
  t = await startTestApi({
    META_GRAPH_URL: graph.url,
    META_APP_SECRET: SECRET,
    META_APP_ID: '424242',
    META_VERIFY_TOKEN: VERIFY,
  });
  admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  agent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
  A.companyId = admin.user.companyId;
  const su = await t.login(SUPER.email, SUPER.password);
  B.companyId = (
    await su.call('companiesCreate', {
      body: { name: 'Empresa Meta B', email: 'admin@meta-b.io', password: 'segredo1', planId: 1 },
    })
  ).id;
  bAdmin = await t.login('admin@meta-b.io', 'segredo1');
  A.cloud = await connection(A.companyId, {
    name: 'Cloud A',
    channel: 'whatsappapi',
    account: PHONE_A,
    token: 'cloud-token-A',
  });
  A.page = await connection(A.companyId, {
    name: 'Página A',
    channel: 'facebook',
    account: PAGE_A,
    token: 'page-token-A',
  });
  A.insta = await connection(A.companyId, {
    name: 'Insta A',
    channel: 'instagram',
    account: INSTA_A,
    token: 'page-token-A',
  });
  B.cloud = await connection(B.companyId, {
    name: 'Cloud B',
    channel: 'whatsappapi',
    account: PHONE_B,
    token: 'cloud-token-B',
  });
});
afterAll(async () => {
  await t?.close();
  await graph?.close();
});

describe('webhook verification', () => {
  it.each(['/webhook', '/webhook/whatsapp'])('%s answers the challenge as text', async (path) => {
    const res = await fetch(
      `${t.url}${path}?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('1158201444');
  });
  it.each([
    ['a wrong token', `hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1`],
    ['another mode', `hub.mode=unsubscribe&hub.verify_token=${VERIFY}&hub.challenge=1`],
    ['no token', `hub.mode=subscribe&hub.challenge=1`],
  ])('refuses %s with 403', async (_what, query) => {
    const res = await fetch(`${t.url}/webhook?${query}`);
    expect(res.status).toBe(403);
  });
});

describe('signatures', () => {
  it.each(['none', 'bad'] as const)('a POST signed %s is 401 and stores nothing', async (sign) => {
    const wid = `wamid.UNSIGNED-${sign}`;
    const res = await post(
      cloudWebhook(PHONE_A, cloudText({ from: number(), text: 'oi', id: wid })),
      sign,
    );
    expect(res.status).toBe(401);
    expect((await res.json()) as unknown).toEqual({ error: 'ERR_INVALID_SIGNATURE' });
    expect(await messageByWid(wid)).toBeUndefined();
  });
  it('a body changed after signing is 401', async () => {
    const body = JSON.stringify(
      cloudWebhook(PHONE_A, cloudText({ from: number(), text: 'oi', id: 'wamid.TAMPERED' })),
    );
    const { metaSignature } = await import('@atendo/testing/fake-graph');
    const res = await fetch(`${t.url}/webhook`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Hub-Signature-256': metaSignature(body, SECRET),
      },
      body: body.replace('"oi"', '"tchau"'),
    });
    expect(res.status).toBe(401);
    expect(await messageByWid('wamid.TAMPERED')).toBeUndefined();
  });
  it('a signed but malformed envelope is a 400 naming the field', async () => {
    const res = await post({ object: 'page', entry: 'nope' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: { field: string }[] }).fields[0]!.field).toBe('entry');
  });
});

describe('WhatsApp Cloud API end to end', () => {
  let socket: Socket;
  afterAll(() => socket?.close());

  it('webhook in → ticket, message and a push; reply → Graph; statuses → acks', async () => {
    socket = io(`${t.url}/${A.companyId}`, {
      auth: { token: admin.token },
      query: { userId: String(admin.user.id) },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((r, j) => {
      socket.once('connect', () => r());
      socket.once('connect_error', j);
    });
    const from = number();
    const wid = 'wamid.E2E-IN-1';
    const pushed = new Promise<{ action: string; message: { body: string; ticketId: number } }>(
      (r) =>
        socket.on(
          `company-${A.companyId}-appMessage`,
          (e: { action: string; message: { body: string; ticketId: number } }) => {
            if (e.action === 'create' && e.message.body === 'Quero um orçamento') r(e);
          },
        ),
    );
    const res = await post(
      cloudWebhook(
        PHONE_A,
        cloudText({ from, text: 'Quero um orçamento', id: wid, name: 'Maria Cloud' }),
      ),
      'good',
      '/webhook/whatsapp',
    );
    expect(res.status).toBe(200);
    const stored = await until(() => messageByWid(wid));
    expect(stored).toMatchObject({
      companyId: A.companyId,
      body: 'Quero um orçamento',
      fromMe: false,
    });
    const [contact] = await q<{ name: string; number: string }>(
      `SELECT c.name, c.number FROM tickets t JOIN contacts c ON c.id = t."contactId" WHERE t.id = $1`,
      [stored.ticketId],
    );
    expect(contact).toEqual({ name: 'Maria Cloud', number: from });
    expect((await pushed).message.ticketId).toBe(stored.ticketId);

    // The attendant answers from the console, quoting the customer.
    const before = graph.sent(/^\/1000001\/messages$/).length;
    await admin.call('messagesStore', {
      params: { ticketId: stored.ticketId },
      body: { body: 'Claro, Maria!', quotedMsg: { id: stored.id } },
    });
    const send = await until(async () => graph.sent(/^\/1000001\/messages$/)[before]);
    expect(send.authorization).toBe('Bearer cloud-token-A');
    expect(send.body).toMatchObject({
      messaging_product: 'whatsapp',
      to: from,
      type: 'text',
      text: { body: 'Claro, Maria!' },
      context: { message_id: wid },
    });
    const [reply] = await until(() =>
      q<{ id: number; wid: string; ack: number }>(
        `SELECT id, wid, ack FROM messages WHERE "ticketId" = $1 AND "fromMe" AND wid LIKE 'wamid.%'`,
        [stored.ticketId],
      ).then((r) => (r.length ? r : null)),
    );
    expect(reply!.ack).toBe(1);

    // Delivered, then read: the acks follow, and the conversation shows them.
    for (const [status, ack] of [
      ['delivered', 2],
      ['read', 3],
    ] as const) {
      const r = await post(
        cloudWebhook(PHONE_A, {
          statuses: [
            {
              id: reply!.wid,
              status,
              timestamp: String(Math.floor(Date.now() / 1000)),
              recipient_id: from,
            },
          ],
        }),
      );
      expect(r.status).toBe(200);
      await until(async () => (await messageByWid(reply!.wid))?.ack === ack);
    }
    const page = await admin.call('messagesIndex', { params: { ticketId: stored.ticketId } });
    expect(page.messages.find((m) => m.id === reply!.id)!.ack).toBe(3);
    // A failed status leaves the ack where it was.
    await post(
      cloudWebhook(PHONE_A, {
        statuses: [
          {
            id: reply!.wid,
            status: 'failed',
            errors: [{ code: 131047, title: 'Re-engagement message' }],
          },
        ],
      }),
    );
    expect((await messageByWid(reply!.wid))!.ack).toBe(3);
  });

  it('a redelivered webhook stores one message', async () => {
    const payload = cloudWebhook(
      PHONE_A,
      cloudText({ from: number(), text: 'duas vezes', id: 'wamid.DUP-1' }),
    );
    expect((await post(payload)).status).toBe(200);
    expect((await post(payload)).status).toBe(200);
    const [{ n }] = (await q<{ n: string }>(
      `SELECT count(*) AS n FROM messages WHERE wid = 'wamid.DUP-1'`,
    )) as [{ n: string }];
    expect(Number(n)).toBe(1);
  });

  it('several messages in one POST: media downloaded with the token; one failing never loses the others', async () => {
    const from = number();
    const mediaId = graph.addMedia(PNG_1X1, 'image/png');
    const brokenId = graph.addMedia(PNG_1X1, 'image/png');
    const ts = String(Math.floor(Date.now() / 1000));
    const payload = cloudWebhook(PHONE_A, {
      contacts: [{ wa_id: from, profile: { name: 'Lote' } }],
      messages: [
        { from, id: 'wamid.BATCH-1', timestamp: ts, type: 'text', text: { body: 'primeira' } },
        {
          from,
          id: 'wamid.BATCH-2',
          timestamp: ts,
          type: 'image',
          image: { id: brokenId, mime_type: 'image/png', caption: 'quebrada' },
        },
        {
          from,
          id: 'wamid.BATCH-3',
          timestamp: ts,
          type: 'image',
          image: { id: mediaId, mime_type: 'image/png', caption: 'foto' },
        },
        {
          from,
          id: 'wamid.BATCH-4',
          timestamp: ts,
          type: 'location',
          location: { latitude: -23.5, longitude: -46.6, name: 'Loja' },
        },
      ],
    });
    graph.failNext(new RegExp(`^/${brokenId}$`), 500);
    const first = await post(payload);
    // One item failed for a reason that may pass: Meta is asked to redeliver.
    expect(first.status).toBe(500);
    expect(await messageByWid('wamid.BATCH-1')).toBeTruthy();
    expect(await messageByWid('wamid.BATCH-2')).toBeUndefined();
    expect(await messageByWid('wamid.BATCH-3')).toMatchObject({ mediaType: 'image', body: 'foto' });
    expect((await messageByWid('wamid.BATCH-3'))!.mediaUrl).toMatch(/^\/private\//);
    expect(await messageByWid('wamid.BATCH-4')).toMatchObject({
      mediaType: 'locationMessage',
      body: '-23.5,-46.6\nLoja',
    });
    const download = graph.requests.filter((r) => r.path.startsWith('/download/'));
    expect(download.length).toBeGreaterThan(0);
    expect(download.every((r) => r.authorization === 'Bearer cloud-token-A')).toBe(true);
    // The redelivery stores the one that failed and nothing twice.
    expect((await post(payload)).status).toBe(200);
    expect(await messageByWid('wamid.BATCH-2')).toMatchObject({ mediaType: 'image' });
    const [{ n }] = (await q<{ n: string }>(
      `SELECT count(*) AS n FROM messages WHERE wid LIKE 'wamid.BATCH-%'`,
    )) as [{ n: string }];
    expect(Number(n)).toBe(4);
  });

  it('sends media by upload, a location and a contact card through the Cloud API', async () => {
    const from = number();
    await post(
      cloudWebhook(PHONE_A, cloudText({ from, text: 'manda a foto', id: 'wamid.MEDIA-IN' })),
    );
    const inbound = await until(() => messageByWid('wamid.MEDIA-IN'));
    const res = await postFile(
      admin,
      `/messages/${inbound.ticketId}`,
      { field: 'medias', name: 'foto.png', type: 'image/png', bytes: PNG_1X1 },
      { body: 'aqui está' },
    );
    expect(res.status).toBe(200);
    const image = await until(async () =>
      graph
        .sent(/^\/1000001\/messages$/)
        .find(
          (r) => (r.body as { to?: string; type?: string }).to === from && r.body!.type === 'image',
        ),
    );
    const upload = graph.sent(/^\/1000001\/media$/).at(-1)!;
    expect(upload.authorization).toBe('Bearer cloud-token-A');
    expect(upload.body).toMatchObject({
      messaging_product: 'whatsapp',
      type: 'image/png',
      file: { type: 'image/png', size: PNG_1X1.length },
    });
    const mediaId = (image.body as { image: { id: string; caption: string } }).image.id;
    expect(graph.uploads.get(mediaId)!.data.equals(PNG_1X1)).toBe(true);
    expect(image.body).toMatchObject({ image: { caption: 'aqui está' } });

    await admin.call('messagesStore', {
      params: { ticketId: inbound.ticketId },
      body: {
        body: '',
        location: { latitude: -23.55, longitude: -46.63, name: 'Loja' },
        vCard: { name: 'Bia', number: '5511912345678' },
      },
    });
    const location = await until(async () =>
      graph
        .sent(/^\/1000001\/messages$/)
        .find((r) => (r.body as { to?: string }).to === from && r.body!.type === 'location'),
    );
    expect(location.body).toMatchObject({
      location: { latitude: -23.55, longitude: -46.63, name: 'Loja' },
    });
    const card = await until(async () =>
      graph
        .sent(/^\/1000001\/messages$/)
        .find((r) => (r.body as { to?: string }).to === from && r.body!.type === 'contacts'),
    );
    expect(card.body).toMatchObject({
      contacts: [
        {
          name: { formatted_name: 'Bia' },
          phones: [{ wa_id: '5511912345678', phone: '+5511912345678' }],
        },
      ],
    });
  });

  it('a retried send (its answer lost) reaches Graph once; edits and deletes are refused', async () => {
    const from = number();
    await post(cloudWebhook(PHONE_A, cloudText({ from, text: 'retry', id: 'wamid.RETRY-IN' })));
    const inbound = await until(() => messageByWid('wamid.RETRY-IN'));
    const [c] = await q<{ contactId: number }>(`SELECT "contactId" FROM tickets WHERE id = $1`, [
      inbound.ticketId,
    ]);
    const adapter = t.api.ctx.channels.for('whatsappapi');
    const send = {
      messageId: 987654,
      companyId: A.companyId,
      ticketId: inbound.ticketId,
      whatsappId: A.cloud,
      channel: 'whatsappapi',
      to: { contactId: c!.contactId, number: from, isGroup: false },
      body: 'uma vez só',
      mediaType: null,
      mediaFile: null,
      quotedWid: null,
    };
    const [one, two] = await Promise.all([adapter.send(send), adapter.send(send)]);
    const three = await adapter.send(send);
    expect(new Set([one.wid, two.wid, three.wid]).size).toBe(1);
    expect(
      graph.sent(/^\/1000001\/messages$/).filter((r) => (r.body as { to?: string }).to === from),
    ).toHaveLength(1);
    await expect(
      adapter.edit({ companyId: A.companyId, whatsappId: A.cloud, wid: one.wid, body: 'x' }),
    ).rejects.toThrow();
    await expect(
      adapter.remove({ companyId: A.companyId, whatsappId: A.cloud, wid: one.wid }),
    ).rejects.toThrow();
  });

  it('refuses a reply outside the 24-hour window before calling Graph', async () => {
    const from = number();
    const old = Math.floor(Date.now() / 1000) - 25 * 3600;
    await post(
      cloudWebhook(
        PHONE_A,
        cloudText({ from, text: 'mensagem antiga', id: 'wamid.OLD-1', timestamp: old }),
      ),
    );
    const stored = await until(() => messageByWid('wamid.OLD-1'));
    const before = graph.sent(/^\/1000001\/messages$/).length;
    const refused = await admin.raw('POST', `/messages/${stored.ticketId}`, {
      body: 'tarde demais',
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'ERR_OUTSIDE_24H_WINDOW' });
    await new Promise((r) => setTimeout(r, 500));
    expect(
      graph.sent(/^\/1000001\/messages$/).filter((r) => (r.body as { to?: string }).to === from),
    ).toHaveLength(0);
    expect(graph.sent(/^\/1000001\/messages$/).length).toBe(before);
    // Nothing stored either: the attendant saw why.
    expect(
      await q(`SELECT id FROM messages WHERE "ticketId" = $1 AND body = 'tarde demais'`, [
        stored.ticketId,
      ]),
    ).toEqual([]);
    // The messages API refuses the same send up front, and one to a number that never wrote;
    // within the window it sends.
    const apiToken = `api-token-${Date.now()}`;
    await q(`UPDATE whatsapps SET token = $2 WHERE id = $1`, [A.cloud, apiToken]);
    const apiSend = (to: string, body: string) =>
      fetch(`${t.url}/api/messages/send`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiToken}` },
        body: JSON.stringify({ number: to, body }),
      });
    for (const to of [from, number()]) {
      const viaApi = await apiSend(to, 'pela API, tarde demais');
      expect(viaApi.status, to).toBe(400);
      expect(await viaApi.json()).toMatchObject({ error: 'ERR_OUTSIDE_24H_WINDOW' });
    }
    expect(await q(`SELECT id FROM messages WHERE body = 'pela API, tarde demais'`)).toEqual([]);
    const recent = number();
    await post(cloudWebhook(PHONE_A, cloudText({ from: recent, text: 'oi', id: 'wamid.NEW-1' })));
    await until(() => messageByWid('wamid.NEW-1'));
    expect((await apiSend(recent, 'pela API, a tempo')).status).toBe(200);
    await until(async () =>
      graph.sent(/^\/1000001\/messages$/).find((r) => (r.body as { to?: string }).to === recent),
    );
  });
});

describe('Messenger and Instagram', () => {
  it('Messenger text and image in, the profile fetched for a new customer, a reply out, delivery and read acks', async () => {
    const psid = `${Date.now()}01`;
    graph.profiles.set(psid, {
      first_name: 'João',
      last_name: 'Página',
      profile_pic: 'https://cdn.example/joao.jpg',
    });
    const image = graph.addCdnFile(PNG_1X1, 'image/png');
    const now = Date.now();
    const res = await post(
      pageWebhook('page', PAGE_A, [
        {
          sender: { id: psid },
          recipient: { id: PAGE_A },
          timestamp: now,
          message: { mid: 'm_FB-1', text: 'Olá página' },
        },
        {
          sender: { id: psid },
          recipient: { id: PAGE_A },
          timestamp: now + 1,
          message: {
            mid: 'm_FB-2',
            attachments: [{ type: 'image', payload: { url: image } }],
            reply_to: { mid: 'm_FB-1' },
          },
        },
        // An echo of what the page sent is never the customer's input.
        {
          sender: { id: PAGE_A },
          recipient: { id: psid },
          timestamp: now + 2,
          message: { mid: 'm_FB-ECHO', text: 'eco', is_echo: true, app_id: 424242 },
        },
      ]),
    );
    expect(res.status).toBe(200);
    const text = await until(() => messageByWid('m_FB-1'));
    const img = await until(() => messageByWid('m_FB-2'));
    expect(img).toMatchObject({ mediaType: 'image', quotedMsgId: text.id });
    expect(await messageByWid('m_FB-ECHO')).toBeUndefined();
    // The CDN file was read without any token.
    expect(graph.requests.find((r) => r.path.startsWith('/cdn/'))!.authorization).toBeNull();
    const [contact] = await q<{
      name: string;
      number: string;
      channel: string;
      profilePicUrl: string;
    }>(
      `SELECT c.name, c.number, c.channel, c."profilePicUrl" FROM tickets t JOIN contacts c ON c.id = t."contactId" WHERE t.id = $1`,
      [text.ticketId],
    );
    expect(contact).toEqual({
      name: 'João Página',
      number: psid,
      channel: 'facebook',
      profilePicUrl: 'https://cdn.example/joao.jpg',
    });

    await admin.call('messagesStore', {
      params: { ticketId: text.ticketId },
      body: { body: 'Oi João' },
    });
    const send = await until(async () =>
      graph
        .sent(/^\/me\/messages$/)
        .find((r) => (r.body as { message?: { text?: string } }).message?.text === 'Oi João'),
    );
    expect(send.authorization).toBe('Bearer page-token-A');
    expect(send.body).toMatchObject({ recipient: { id: psid }, messaging_type: 'RESPONSE' });
    const [reply] = await until(() =>
      q<{ wid: string }>(
        `SELECT wid FROM messages WHERE "ticketId" = $1 AND "fromMe" AND wid LIKE 'm_%'`,
        [text.ticketId],
      ).then((r) => (r.length ? r : null)),
    );
    await post(
      pageWebhook('page', PAGE_A, [
        {
          sender: { id: psid },
          recipient: { id: PAGE_A },
          timestamp: Date.now(),
          delivery: { mids: [reply!.wid], watermark: Date.now() },
        },
      ]),
    );
    await until(async () => (await messageByWid(reply!.wid))?.ack === 2);
    await post(
      pageWebhook('page', PAGE_A, [
        {
          sender: { id: psid },
          recipient: { id: PAGE_A },
          timestamp: Date.now(),
          read: { watermark: Date.now() + 1000 },
        },
      ]),
    );
    await until(async () => (await messageByWid(reply!.wid))?.ack === 3);

    // A file goes as a multipart attachment of the Send API, with the page token.
    const res2 = await postFile(admin, `/messages/${text.ticketId}`, {
      field: 'medias',
      name: 'foto.png',
      type: 'image/png',
      bytes: PNG_1X1,
    });
    expect(res2.status).toBe(200);
    const attachment = await until(async () =>
      graph.sent(/^\/me\/messages$/).find((r) => typeof r.body?.filedata === 'object'),
    );
    expect(attachment.authorization).toBe('Bearer page-token-A');
    expect(JSON.parse(String(attachment.body!.recipient))).toEqual({ id: psid });
    expect(JSON.parse(String(attachment.body!.message))).toMatchObject({
      attachment: { type: 'image' },
    });
    expect(attachment.body!.filedata).toMatchObject({ type: 'image/png', size: PNG_1X1.length });
  });

  it('Instagram text and video in, on the instagram connection', async () => {
    const igsid = `${Date.now()}02`;
    const video = graph.addCdnFile(Buffer.from('00000018667479706d703432', 'hex'), 'video/mp4');
    const res = await post(
      pageWebhook('instagram', INSTA_A, [
        {
          sender: { id: igsid },
          recipient: { id: INSTA_A },
          timestamp: Date.now(),
          message: { mid: 'ig_MID-1', text: 'oi insta' },
        },
        {
          sender: { id: igsid },
          recipient: { id: INSTA_A },
          timestamp: Date.now(),
          message: { mid: 'ig_MID-2', attachments: [{ type: 'video', payload: { url: video } }] },
        },
      ]),
    );
    expect(res.status).toBe(200);
    const m = await until(() => messageByWid('ig_MID-1'));
    const [row] = await q<{ whatsappId: number; channel: string }>(
      `SELECT t."whatsappId", c.channel FROM tickets t JOIN contacts c ON c.id = t."contactId" WHERE t.id = $1`,
      [m.ticketId],
    );
    expect(row).toEqual({ whatsappId: A.insta, channel: 'instagram' });
    expect(await messageByWid('ig_MID-2')).toMatchObject({ mediaType: 'video' });
  });
});

describe('POST /facebook', () => {
  it('connects the pages and Instagram accounts of a login, then renews their tokens', async () => {
    graph.pages.set('777001', [
      {
        id: '4000001',
        name: 'Loja A',
        access_token: 'pt-loja',
        instagram_business_account: { id: '4100001', username: 'loja.a' },
      },
      { id: '4000002', name: 'Outra', access_token: 'pt-outra' },
    ]);
    const first = await admin.call('facebookConnect', {
      body: { facebookUserId: '777001', facebookUserToken: 'short-1', addInstagram: true },
    });
    expect(first).toEqual({ success: true, created: 3, updated: 0 });
    const exchange = graph.sent(/^\/oauth\/access_token$/).at(-1)!;
    expect(exchange.query).toMatchObject({
      grant_type: 'fb_exchange_token',
      client_id: '424242',
      fb_exchange_token: 'short-1',
    });
    expect(graph.sent(/^\/777001\/accounts$/).at(-1)!.authorization).toBe('Bearer long-short-1');
    const subs = graph.sent(/\/subscribed_apps$/);
    expect(subs.map((s) => [s.path, s.authorization])).toEqual(
      expect.arrayContaining([
        ['/4000001/subscribed_apps', 'Bearer pt-loja'],
        ['/4000002/subscribed_apps', 'Bearer pt-outra'],
      ]),
    );
    const rows = await q<{
      channel: string;
      facebookPageUserId: string;
      facebookUserToken: string;
      tokenMeta: string;
      status: string;
    }>(
      `SELECT channel, "facebookPageUserId", "facebookUserToken", "tokenMeta", status FROM whatsapps
        WHERE "companyId" = $1 AND "facebookUserId" = '777001' ORDER BY "facebookPageUserId"`,
      [A.companyId],
    );
    expect(rows).toEqual([
      {
        channel: 'facebook',
        facebookPageUserId: '4000001',
        facebookUserToken: 'pt-loja',
        tokenMeta: 'long-short-1',
        status: 'CONNECTED',
      },
      {
        channel: 'facebook',
        facebookPageUserId: '4000002',
        facebookUserToken: 'pt-outra',
        tokenMeta: 'long-short-1',
        status: 'CONNECTED',
      },
      {
        channel: 'instagram',
        facebookPageUserId: '4100001',
        facebookUserToken: 'pt-loja',
        tokenMeta: 'long-short-1',
        status: 'CONNECTED',
      },
    ]);
    // A second login renews the tokens of the same accounts: no second connection.
    graph.pages.set('777001', [{ ...graph.pages.get('777001')![0]!, access_token: 'pt-loja-2' }]);
    expect(
      await admin.call('facebookConnect', {
        body: { facebookUserId: '777001', facebookUserToken: 'short-2', addInstagram: true },
      }),
    ).toEqual({ success: true, created: 0, updated: 2 });
    const [{ n, tok }] = (await q<{ n: string; tok: string }>(
      `SELECT count(*) AS n, max("facebookUserToken") FILTER (WHERE "facebookPageUserId" = '4000001') AS tok
         FROM whatsapps WHERE "companyId" = $1 AND "facebookUserId" = '777001'`,
      [A.companyId],
    )) as [{ n: string; tok: string }];
    expect([Number(n), tok]).toEqual([3, 'pt-loja-2']);
  });

  it("respects the plan's channel flags", async () => {
    const [plan] = await q<{ id: number }>(
      `INSERT INTO plans (name, users, connections, queues, amount, "useFacebook", "useInstagram")
       VALUES ('Sem Meta', 5, 5, 5, '0', false, false) RETURNING id`,
    );
    await q(`UPDATE companies SET "planId" = $1 WHERE id = $2`, [plan!.id, B.companyId]);
    try {
      graph.pages.set('888001', [{ id: '4900001', name: 'Página B', access_token: 'pt-b' }]);
      const res = await bAdmin.raw('POST', '/facebook', {
        facebookUserId: '888001',
        facebookUserToken: 'short-b',
      });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: string }).error).toBe('ERR_CHANNEL_NOT_IN_PLAN');
      expect(graph.sent(/^\/4900001\/subscribed_apps$/)).toHaveLength(0);
    } finally {
      await q(`UPDATE companies SET "planId" = 1 WHERE id = $1`, [B.companyId]);
    }
  });

  it('refuses agents, a bad token, a malformed body and an account of another company', async () => {
    const agentTry = await agent.raw('POST', '/facebook', {
      facebookUserId: '777001',
      facebookUserToken: 'x',
    });
    expect(agentTry.status).toBe(403);
    const bad = await admin.raw('POST', '/facebook', {
      facebookUserId: 'abc',
      facebookUserToken: '',
    });
    expect(bad.status).toBe(400);
    expect(
      ((await bad.json()) as { fields: { field: string }[] }).fields.map((f) => f.field),
    ).toEqual(expect.arrayContaining(['facebookUserId', 'facebookUserToken']));
    graph.failNext(/^\/oauth\/access_token$/, 400);
    const expired = await admin.raw('POST', '/facebook', {
      facebookUserId: '777001',
      facebookUserToken: 'expired',
    });
    expect(expired.status).toBe(403);
    // Company B's admin cannot take A's page (nor touch A's rows).
    const before = await q(`SELECT * FROM whatsapps WHERE "companyId" = $1 ORDER BY id`, [
      A.companyId,
    ]);
    const stolen = await bAdmin.raw('POST', '/facebook', {
      facebookUserId: '777001',
      facebookUserToken: 'short-b',
      addInstagram: true,
    });
    expect(stolen.status).toBe(409);
    expect(
      await q(`SELECT * FROM whatsapps WHERE "companyId" = $1 ORDER BY id`, [A.companyId]),
    ).toEqual(before);
    expect(
      await q(`SELECT id FROM whatsapps WHERE "companyId" = $1 AND "facebookUserId" IS NOT NULL`, [
        B.companyId,
      ]),
    ).toEqual([]);
  });
});

describe('tenancy', () => {
  it("a webhook for B's number lands in B only, and A cannot read it", async () => {
    const res = await post(
      cloudWebhook(PHONE_B, cloudText({ from: number(), text: 'para a B', id: 'wamid.TO-B' })),
    );
    expect(res.status).toBe(200);
    const m = await until(() => messageByWid('wamid.TO-B'));
    expect(m.companyId).toBe(B.companyId);
    const [tk] = await q<{ companyId: number; whatsappId: number }>(
      `SELECT "companyId", "whatsappId" FROM tickets WHERE id = $1`,
      [m.ticketId],
    );
    expect(tk).toEqual({ companyId: B.companyId, whatsappId: B.cloud });
    expect((await admin.raw('GET', `/messages/${m.ticketId}`)).status).toBeGreaterThanOrEqual(403);
    // B's reply goes out with B's token, never A's.
    await bAdmin.call('messagesStore', {
      params: { ticketId: m.ticketId },
      body: { body: 'resposta da B' },
    });
    const send = await until(async () =>
      graph
        .sent(/^\/1000002\/messages$/)
        .find((r) => (r.body as { text?: { body?: string } }).text?.body === 'resposta da B'),
    );
    expect(send.authorization).toBe('Bearer cloud-token-B');
  });

  it('a webhook for an unknown account stores nothing', async () => {
    const res = await post(
      cloudWebhook('999999', cloudText({ from: number(), text: 'ninguém', id: 'wamid.NOBODY' })),
    );
    expect(res.status).toBe(200);
    expect(await messageByWid('wamid.NOBODY')).toBeUndefined();
  });
});
