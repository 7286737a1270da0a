import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiError,
  DEMO_ADMIN,
  SUPER,
  startTestApi,
  type TestApi,
  type TestClient,
} from './support/api.js';
import {
  cloudText,
  cloudWebhook,
  postWebhook,
  startFakeGraph,
  type FakeGraph,
} from '@atendo/testing/fake-graph';
import { sql } from './support/sql.js';

/**
 * WhatsApp Cloud API connections set up through the api as the console does (no SQL): checked
 * with a local fake Graph API before they are stored, the access token write-only, then a
 * signed webhook in and an attendant's answer out with the stored token.
 */
type Logged = TestClient & { user: { id: number; companyId: number } };
const SECRET = 'meta-app-secret-cloud-tests';
const PHONE = '106540352242922';
const WABA = '102290129340398';
const TOKEN = 'EAAGcloudTokenNumberOne0123456789';
const TOKEN_2 = 'EAAGcloudTokenNumberTwo0123456789';
let t: TestApi;
let graph: FakeGraph;
let admin: Logged;
let bAdmin: Logged;
let su: Logged;
let created = 0;

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  sql<T>(t.databaseUrl, text, params);
const stored = async (id: number) =>
  (
    await q<{ facebookPageUserId: string; tokenMeta: string; businessAccountId: string | null }>(
      `SELECT "facebookPageUserId", "tokenMeta", "businessAccountId" FROM whatsapps WHERE id = $1`,
      [id],
    )
  )[0];
const countByName = async (name: string) =>
  Number(
    (await q<{ n: string }>(`SELECT count(*) AS n FROM whatsapps WHERE name = $1`, [name]))[0]!.n,
  );
/** A response's text, checked never to carry a Meta token. */
async function body(res: Response): Promise<string> {
  const text = await res.text();
  expect(text).not.toContain(TOKEN);
  expect(text).not.toContain(TOKEN_2);
  return text;
}
const until = async <T>(check: () => Promise<T | undefined | null | false>, ms = 10_000) => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};

beforeAll(async () => {
  graph = await startFakeGraph();
  graph.phoneNumbers.set(PHONE, {
    display_phone_number: '+55 11 3456-7890',
    verified_name: 'Loja Cloud',
    token: TOKEN,
  });
  t = await startTestApi({ META_GRAPH_URL: graph.url, META_APP_SECRET: SECRET });
  admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  su = await t.login(SUPER.email, SUPER.password);
  await su.call('companiesCreate', {
    body: { name: 'Empresa Cloud B', email: 'admin@cloud-b.io', password: 'segredo1', planId: 1 },
  });
  bAdmin = await t.login('admin@cloud-b.io', 'segredo1');
});
afterAll(async () => {
  await t?.close();
  await graph?.close();
});

describe('creating a Cloud API connection', () => {
  it('missing fields are a 400 naming each field, before Meta is asked', async () => {
    const before = graph.requests.length;
    const res = await admin.raw('POST', '/whatsapp', {
      name: 'Cloud sem dados',
      channel: 'whatsappapi',
    });
    expect(res.status).toBe(400);
    const err = (await res.json()) as { error: string; fields: { field: string }[] };
    expect(err.error).toBe('ERR_VALIDATION');
    expect(err.fields.map((f) => f.field).sort()).toEqual(['accessToken', 'phoneNumberId']);
    const bad = await admin.raw('POST', '/whatsapp', {
      name: 'Cloud inválida',
      channel: 'whatsappapi',
      phoneNumberId: '12ab',
      accessToken: 'short token',
    });
    expect(bad.status).toBe(400);
    const badErr = (await bad.json()) as { fields: { field: string }[] };
    expect(badErr.fields.map((f) => f.field).sort()).toEqual(['accessToken', 'phoneNumberId']);
    expect(graph.requests.length).toBe(before);
    expect(await countByName('Cloud sem dados')).toBe(0);
  });

  it('a token Meta refuses is ERR_META_TOKEN_INVALID on the token field; nothing stored', async () => {
    const res = await admin.raw('POST', '/whatsapp', {
      name: 'Cloud token errado',
      channel: 'whatsappapi',
      phoneNumberId: PHONE,
      accessToken: TOKEN_2,
    });
    expect(res.status).toBe(400);
    const err = JSON.parse(await body(res)) as { error: string; fields: { field: string }[] };
    expect(err.error).toBe('ERR_META_TOKEN_INVALID');
    expect(err.fields[0]!.field).toBe('accessToken');
    expect(await countByName('Cloud token errado')).toBe(0);
  });

  it('an unknown phone-number id is ERR_META_PHONE_NUMBER_INVALID; nothing stored', async () => {
    const res = await admin.raw('POST', '/whatsapp', {
      name: 'Cloud número errado',
      channel: 'whatsappapi',
      phoneNumberId: '999999999',
      accessToken: TOKEN,
    });
    expect(res.status).toBe(400);
    const err = (await res.json()) as { error: string; fields: { field: string }[] };
    expect(err.error).toBe('ERR_META_PHONE_NUMBER_INVALID');
    expect(err.fields[0]!.field).toBe('phoneNumberId');
    expect(await countByName('Cloud número errado')).toBe(0);
  });

  it('Meta failing is ERR_META_UNAVAILABLE (502); a refused subscription stores nothing', async () => {
    graph.failNext(new RegExp(`^/${PHONE}$`), 503);
    const down = await apiError(() =>
      admin.call('whatsappCreate', {
        body: {
          name: 'Cloud fora',
          channel: 'whatsappapi',
          phoneNumberId: PHONE,
          accessToken: TOKEN,
        },
      }),
    );
    expect(down).toMatchObject({ status: 502, code: 'ERR_META_UNAVAILABLE' });
    graph.failNext(new RegExp(`^/${WABA}/subscribed_apps$`), 400);
    const waba = await apiError(() =>
      admin.call('whatsappCreate', {
        body: {
          name: 'Cloud fora',
          channel: 'whatsappapi',
          phoneNumberId: PHONE,
          accessToken: TOKEN,
          businessAccountId: WABA,
        },
      }),
    );
    expect(waba).toMatchObject({ status: 400, code: 'ERR_META_BUSINESS_ACCOUNT_INVALID' });
    expect(await countByName('Cloud fora')).toBe(0);
  });

  it('valid fields: checked with Meta, subscribed, CONNECTED with the display number; the token never returned', async () => {
    const before = graph.requests.length;
    const res = await admin.raw('POST', '/whatsapp', {
      name: 'Cloud Loja',
      channel: 'whatsappapi',
      phoneNumberId: PHONE,
      businessAccountId: WABA,
      accessToken: TOKEN,
    });
    expect(res.status).toBe(201);
    const view = JSON.parse(await body(res)) as Record<string, unknown>;
    expect(view).toMatchObject({
      channel: 'whatsappapi',
      status: 'CONNECTED',
      number: '551134567890',
      phoneNumberId: PHONE,
      businessAccountId: WABA,
      hasAccessToken: true,
    });
    expect(view).not.toHaveProperty('accessToken');
    expect(view).not.toHaveProperty('tokenMeta');
    created = view.id as number;
    const calls = graph.requests.slice(before);
    const check = calls.find((r) => r.method === 'GET' && r.path === `/${PHONE}`)!;
    expect(check.query.fields).toBe('display_phone_number,verified_name');
    expect(check.authorization).toBe(`Bearer ${TOKEN}`);
    const sub = calls.find((r) => r.path === `/${WABA}/subscribed_apps`)!;
    expect(sub).toMatchObject({ method: 'POST', authorization: `Bearer ${TOKEN}` });
    expect(await stored(created)).toEqual({
      facebookPageUserId: PHONE,
      tokenMeta: TOKEN,
      businessAccountId: WABA,
    });

    // Every route that returns connections leaves the token out.
    for (const path of [
      '/whatsapp',
      `/whatsapp/${created}`,
      `/whatsapp-admin/${created}`,
      '/whatsapp/filter?channel=whatsappapi',
    ]) {
      const r = await admin.raw('GET', path);
      expect(r.status, path).toBe(200);
      expect(await body(r), path).toContain(PHONE);
    }
    const all = await su.raw('GET', '/whatsapp/all');
    expect(all.status).toBe(200);
    expect(await body(all)).toContain(PHONE);

    // The same number cannot be connected twice (its webhooks are routed by its id).
    const twice = await apiError(() =>
      bAdmin.call('whatsappCreate', {
        body: {
          name: 'Cloud copia',
          channel: 'whatsappapi',
          phoneNumberId: PHONE,
          accessToken: TOKEN,
        },
      }),
    );
    expect(twice).toMatchObject({ status: 409, code: 'ERR_DUPLICATED_CONNECTION' });
  });
});

describe('updating a Cloud API connection', () => {
  it('without a token keeps the stored one and asks Meta nothing', async () => {
    const before = graph.requests.length;
    const res = await admin.raw('PUT', `/whatsapp/${created}`, {
      name: 'Cloud Loja Centro',
      accessToken: '',
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(await body(res))).toMatchObject({
      name: 'Cloud Loja Centro',
      hasAccessToken: true,
    });
    expect(graph.requests.length).toBe(before);
    expect((await stored(created))!.tokenMeta).toBe(TOKEN);
  });

  it('a new token is checked again: refused keeps the old one, accepted replaces it', async () => {
    const refused = await admin.raw('PUT', `/whatsapp/${created}`, { accessToken: TOKEN_2 });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe('ERR_META_TOKEN_INVALID');
    expect((await stored(created))!.tokenMeta).toBe(TOKEN);

    graph.phoneNumbers.get(PHONE)!.token = TOKEN_2;
    const before = graph.requests.length;
    const res = await admin.raw('PUT', `/whatsapp/${created}`, { accessToken: TOKEN_2 });
    expect(res.status).toBe(200);
    expect(JSON.parse(await body(res))).toMatchObject({
      status: 'CONNECTED',
      hasAccessToken: true,
    });
    const check = graph.requests.slice(before).find((r) => r.path === `/${PHONE}`)!;
    expect(check.authorization).toBe(`Bearer ${TOKEN_2}`);
    expect((await stored(created))!.tokenMeta).toBe(TOKEN_2);
  });

  it('another company cannot read or change it', async () => {
    for (const [method, path] of [
      ['GET', `/whatsapp/${created}`],
      ['GET', `/whatsapp-admin/${created}`],
      ['PUT', `/whatsapp/${created}`],
    ] as const) {
      const res = await bAdmin.raw(
        method,
        path,
        method === 'PUT' ? { accessToken: TOKEN } : undefined,
      );
      expect(res.status, `${method} ${path}`).toBe(404);
      await body(res);
    }
    expect((await stored(created))!.tokenMeta).toBe(TOKEN_2);
  });
});

describe('a console-made Cloud API connection at work', () => {
  it('a signed webhook opens a ticket; the answer reaches Graph with the stored token', async () => {
    const from = '5511987650001';
    const wid = 'wamid.CLOUD-CONSOLE-1';
    const res = await postWebhook(
      t.url,
      cloudWebhook(PHONE, cloudText({ from, text: 'Olá, Cloud!', id: wid, name: 'Ana' })),
      { secret: SECRET, path: '/webhook/whatsapp' },
    );
    expect(res.status).toBe(200);
    const [msg] = await until(() =>
      q<{ ticketId: number; companyId: number; whatsappId: number }>(
        `SELECT m."ticketId", m."companyId", t."whatsappId" FROM messages m JOIN tickets t ON t.id = m."ticketId" WHERE m.wid = $1`,
        [wid],
      ).then((r) => (r.length ? r : null)),
    );
    expect(msg).toMatchObject({ companyId: admin.user.companyId, whatsappId: created });

    const before = graph.sent(new RegExp(`^/${PHONE}/messages$`)).length;
    const sent = await admin.raw('POST', `/messages/${msg!.ticketId}`, { body: 'Olá, Ana!' });
    expect(sent.status).toBe(200);
    const send = await until(async () => graph.sent(new RegExp(`^/${PHONE}/messages$`))[before]);
    expect(send.authorization).toBe(`Bearer ${TOKEN_2}`);
    expect(send.body).toMatchObject({ to: from, type: 'text', text: { body: 'Olá, Ana!' } });
  });

  it('has no session: starting it checks Meta again, disconnecting calls no session', async () => {
    const before = graph.requests.length;
    const stop = await admin.raw('DELETE', `/whatsappsession/${created}`);
    expect(stop.status).toBe(200);
    const start = await admin.raw('POST', `/whatsappsession/${created}`);
    expect(start.status).toBe(200);
    expect(graph.requests.slice(before).some((r) => r.path === `/${PHONE}`)).toBe(true);
    const view = await admin.call('whatsappShow', { params: { id: created } });
    expect(view.status).toBe('CONNECTED');
    // There is no QR code to ask for: a new QR leaves the connection as it is.
    const renew = await admin.raw('PUT', `/whatsappsession/${created}`);
    expect(renew.status).toBe(200);
    expect((await admin.call('whatsappShow', { params: { id: created } })).status).toBe(
      'CONNECTED',
    );
    expect((await stored(created))!.tokenMeta).toBe(TOKEN_2);
  });
});
