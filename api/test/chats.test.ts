import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiError,
  DEMO_ADMIN,
  DEMO_AGENT,
  SUPER,
  startTestApi,
  type TestApi,
  type TestClient,
} from './support/api.js';
import { sql } from './support/sql.js';
import { withoutPlanFlag } from './support/plan-flag.js';
import { companySocket } from './support/socket.js';

type Logged = TestClient & { user: { id: number; companyId: number } };

let t: TestApi;
let aAdmin: Logged;
let aAgent: Logged;
let aOther: Logged;
let bAdmin: Logged;
let bChat = 0;

const snapshotOf = async (companyId: number) => ({
  chats: await sql(
    t.databaseUrl,
    `SELECT id, title, "ownerId", "lastMessage" FROM chats WHERE "companyId" = $1 ORDER BY id`,
    [companyId],
  ),
  users: await sql(
    t.databaseUrl,
    `SELECT "chatId", "userId", unreads FROM chat_users WHERE "companyId" = $1 ORDER BY 1, 2`,
    [companyId],
  ),
  messages: await sql(
    t.databaseUrl,
    `SELECT id, "chatId", "senderId", message FROM chat_messages WHERE "companyId" = $1 ORDER BY id`,
    [companyId],
  ),
});

beforeAll(async () => {
  t = await startTestApi({ LOGIN_RATE_LIMIT: '1000' });
  const su = await t.login(SUPER.email, SUPER.password);
  await su.call('companiesCreate', {
    body: { name: 'Empresa B', email: 'admin@empresa-b.io', password: 'segredo1', planId: 1 },
  });
  bAdmin = await t.login('admin@empresa-b.io', 'segredo1');
  aAdmin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  aAgent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
  await aAdmin.call('usersCreate', {
    body: { name: 'Terceira Pessoa', email: 'terceira@demo.atendo.local', password: 'segredo1' },
  });
  aOther = await t.login('terceira@demo.atendo.local', 'segredo1');
  bChat = (
    await bAdmin.call('chatsCreate', { body: { title: 'Segredo B', users: [bAdmin.user.id] } })
  ).id;
  await bAdmin.call('chatsSendMessage', { params: { id: bChat }, body: { message: 'Só B' } });
}, 60_000);
afterAll(() => t?.close());

describe('internal chat', () => {
  it('opens a chat with users of the company, counts unreads and marks them read', async () => {
    const bad = await apiError(() =>
      aAgent.call('chatsCreate', { body: { title: '  ', users: [] } }),
    );
    expect(bad.status).toBe(400);
    expect((bad.body as { fields: { field: string; message: string }[] }).fields).toEqual(
      expect.arrayContaining([
        { field: 'title', message: 'Obrigatório' },
        { field: 'users', message: 'Obrigatório' },
      ]),
    );
    const foreign = await apiError(() =>
      aAgent.call('chatsCreate', { body: { title: 'Com B', users: [bAdmin.user.id] } }),
    );
    expect(foreign.body).toMatchObject({ fields: [{ field: 'users', message: 'Unknown user' }] });

    // The lineage sends users as { id, name } objects; the owner always takes part.
    const chat = await aAgent.call('chatsCreate', {
      body: { title: 'Plantão', users: [{ id: aAdmin.user.id }] as never },
    });
    expect(chat).toMatchObject({ title: 'Plantão', ownerId: aAgent.user.id, lastMessage: null });
    expect(chat.users.map((u) => u.userId).sort()).toEqual([aAdmin.user.id, aAgent.user.id].sort());

    await aAgent.call('chatsSendMessage', { params: { id: chat.id }, body: { message: 'Oi!' } });
    const sent = await aAgent.call('chatsSendMessage', {
      params: { id: chat.id },
      body: { message: '  Alguém?  ' },
    });
    expect(sent).toMatchObject({
      chatId: chat.id,
      senderId: aAgent.user.id,
      message: 'Alguém?',
      sender: { id: aAgent.user.id },
    });
    const blank = await apiError(() =>
      aAgent.call('chatsSendMessage', { params: { id: chat.id }, body: { message: '   ' } }),
    );
    expect(blank.status).toBe(400);

    const unreads = async (c: Logged) =>
      (await c.call('chatsIndex', { query: {} })).records
        .find((r) => r.id === chat.id)!
        .users.find((u) => u.userId === c.user.id)!.unreads;
    expect(await unreads(aAdmin)).toBe(2);
    expect(await unreads(aAgent)).toBe(0);
    const page = await aAdmin.call('chatsIndex', { query: { searchParam: 'plant' } });
    expect(page.records.map((r) => [r.id, r.lastMessage])).toEqual([[chat.id, 'Alguém?']]);

    const messages = await aAdmin.call('chatsMessages', { params: { id: chat.id }, query: {} });
    expect(messages.records.map((m) => m.message)).toEqual(['Oi!', 'Alguém?']);
    expect(messages).toMatchObject({ count: 2, hasMore: false });

    const read = await aAdmin.call('chatsRead', { params: { id: chat.id }, body: {} });
    expect(read.users.find((u) => u.userId === aAdmin.user.id)!.unreads).toBe(0);
    expect(await unreads(aAdmin)).toBe(0);
  });

  it('pages messages newest page first, oldest first within a page', async () => {
    const chat = await aAdmin.call('chatsCreate', {
      body: { title: 'Muitas', users: [aAgent.user.id] },
    });
    for (let i = 1; i <= 25; i++)
      await aAdmin.call('chatsSendMessage', {
        params: { id: chat.id },
        body: { message: `m${i}` },
      });
    const first = await aAgent.call('chatsMessages', { params: { id: chat.id }, query: {} });
    expect(first.records.map((m) => m.message)).toEqual(
      Array.from({ length: 20 }, (_, i) => `m${i + 6}`),
    );
    expect(first).toMatchObject({ count: 25, hasMore: true });
    const second = await aAgent.call('chatsMessages', {
      params: { id: chat.id },
      query: { pageNumber: 2 },
    });
    expect(second.records.map((m) => m.message)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(second.hasMore).toBe(false);
  });

  it('keeps a chat to its participants and its changes to its owner', async () => {
    const chat = await aAdmin.call('chatsCreate', {
      body: { title: 'Gestão', users: [aAgent.user.id] },
    });
    const before = await snapshotOf(aAdmin.user.companyId);
    // A participant who does not own it may read and write, but not edit or delete it.
    for (const send of [
      () => aAgent.raw('PUT', `/chats/${chat.id}`, { title: 'Minha' }),
      () => aAgent.raw('DELETE', `/chats/${chat.id}`),
    ])
      expect((await send()).status).toBe(403);
    // Someone outside it does not find it at all.
    for (const [method, path, body] of [
      ['GET', `/chats/${chat.id}/messages`],
      ['POST', `/chats/${chat.id}/messages`, { message: 'Entrei?' }],
      ['POST', `/chats/${chat.id}/read`, {}],
      ['PUT', `/chats/${chat.id}`, { title: 'Minha' }],
      ['DELETE', `/chats/${chat.id}`],
    ] as const)
      expect((await aOther.raw(method, path, body)).status, `${method} ${path}`).toBe(404);
    expect((await aOther.call('chatsIndex', { query: {} })).records).toEqual([]);
    expect(await snapshotOf(aAdmin.user.companyId)).toEqual(before);

    // The owner renames it and swaps the agent for the third user; the owner stays.
    const edited = await aAdmin.call('chatsUpdate', {
      params: { id: chat.id },
      body: { title: 'Gestão 2', users: [aOther.user.id] },
    });
    expect(edited.title).toBe('Gestão 2');
    expect(edited.users.map((u) => u.userId).sort()).toEqual(
      [aAdmin.user.id, aOther.user.id].sort(),
    );
    expect((await aAgent.raw('GET', `/chats/${chat.id}/messages`)).status).toBe(404);
    expect(await aAdmin.call('chatsDelete', { params: { id: chat.id } })).toEqual({
      message: 'Chat deleted',
    });
    expect((await aOther.raw('GET', `/chats/${chat.id}/messages`)).status).toBe(404);
  });

  it("pushes a chat's events to its participants only", async () => {
    const clients = { owner: aAdmin, member: aAgent, outsider: aOther, b: bAdmin };
    const sockets = await Promise.all(Object.values(clients).map((c) => companySocket(t.url, c)));
    const seen: Record<string, { event: string; action: string }[]> = {};
    Object.keys(clients).forEach((k, i) => {
      seen[k] = [];
      sockets[i]!.onAny((event: string, p: { action: string }) => {
        if (event.includes('-chat')) seen[k]!.push({ event, action: p.action });
      });
    });
    try {
      const companyId = aAdmin.user.companyId;
      const chat = await aAdmin.call('chatsCreate', {
        body: { title: 'Ao vivo', users: [aAgent.user.id] },
      });
      await aAdmin.call('chatsSendMessage', { params: { id: chat.id }, body: { message: 'Oi' } });
      await aAgent.call('chatsRead', { params: { id: chat.id }, body: {} });
      await aAdmin.call('chatsDelete', { params: { id: chat.id } });
      const end = Date.now() + 5000;
      while (seen.member!.length < 6 && Date.now() < end)
        await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 200));
      const mine = (userId: number) => `company-${companyId}-chat-user-${userId}`;
      const pane = `company-${companyId}-chat-${chat.id}`;
      const list = `company-${companyId}-chat`;
      expect(seen.member).toEqual([
        { event: mine(aAgent.user.id), action: 'create' },
        { event: pane, action: 'update' },
        { event: pane, action: 'new-message' },
        { event: list, action: 'new-message' },
        { event: mine(aAgent.user.id), action: 'update' },
        { event: mine(aAgent.user.id), action: 'delete' },
      ]);
      expect(seen.owner!.map((e) => e.action)).toContain('new-message');
      expect(seen.outsider).toEqual([]);
      expect(seen.b).toEqual([]);
    } finally {
      sockets.forEach((s) => s.disconnect());
    }
  });
});

describe('internal chat across companies and plans', () => {
  it("refuses company B's chat to A on every route, B unchanged", async () => {
    const before = await snapshotOf(bAdmin.user.companyId);
    for (const [method, path, body] of [
      ['GET', `/chats/${bChat}/messages`],
      ['POST', `/chats/${bChat}/messages`, { message: 'Invadi' }],
      ['POST', `/chats/${bChat}/read`, {}],
      ['PUT', `/chats/${bChat}`, { title: 'Hacked', users: [aAdmin.user.id] }],
      ['DELETE', `/chats/${bChat}`],
    ] as const)
      expect((await aAdmin.raw(method, path, body)).status, `${method} ${path}`).toBe(404);
    const list = await aAdmin.call('chatsIndex', { query: { searchParam: 'Segredo' } });
    expect(list.records).toEqual([]);
    expect(await snapshotOf(bAdmin.user.companyId)).toEqual(before);
  });

  it('refuses a plan without useInternalChat, changing nothing', async () => {
    const before = await snapshotOf(bAdmin.user.companyId);
    await withoutPlanFlag(t.databaseUrl, bAdmin.user.companyId, 'useInternalChat', async () => {
      for (const call of [
        () => bAdmin.call('chatsIndex', { query: {} }),
        () => bAdmin.call('chatsCreate', { body: { title: 'Nova', users: [bAdmin.user.id] } }),
        () => bAdmin.call('chatsSendMessage', { params: { id: bChat }, body: { message: 'x' } }),
        () => bAdmin.call('chatsMessages', { params: { id: bChat }, query: {} }),
        () => bAdmin.call('chatsDelete', { params: { id: bChat } }),
      ])
        expect(await apiError(call)).toMatchObject({
          status: 403,
          code: 'ERR_PLAN_FEATURE_DISABLED',
        });
      expect(await snapshotOf(bAdmin.user.companyId)).toEqual(before);
    });
  });

  it('answers malformed ids, queries and bodies with 400 naming the field', async () => {
    for (const [method, path, body, field] of [
      ['GET', '/chats?pageNumber=0', undefined, 'query.pageNumber'],
      ['GET', '/chats/abc/messages', undefined, 'params.id'],
      ['GET', '/chats/1/messages?pageNumber=x', undefined, 'query.pageNumber'],
      ['POST', '/chats', { title: 'x', users: ['a'] }, 'users.0'],
      ['POST', '/chats/1/messages', { message: 5 }, 'message'],
      ['PUT', '/chats/-1', { title: 'x' }, 'params.id'],
      ['DELETE', '/chats/1.5', undefined, 'params.id'],
    ] as const) {
      const res = await aAdmin.raw(method, path, body);
      const json = (await res.json()) as { fields?: { field: string }[] };
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(
        json.fields?.map((f) => f.field),
        `${method} ${path}`,
      ).toContain(field);
    }
  });
});
