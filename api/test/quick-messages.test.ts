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
import { PNG_1X1, postFile } from './support/upload.js';
import { companySocket } from './support/socket.js';

type Logged = TestClient & { user: { id: number; companyId: number } };

let t: TestApi;
let aAdmin: Logged;
let aAgent: Logged;
let aAgent2: Logged;
let bAdmin: Logged;
let bRecord = 0;

const snapshotOf = (companyId: number) =>
  sql(
    t.databaseUrl,
    `SELECT id, shortcode, message, geral, visao, "userId", "mediaPath", "mediaName", "isMedia"
       FROM quick_messages WHERE "companyId" = $1 ORDER BY id`,
    [companyId],
  );

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

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
    body: { name: 'Segunda Agente', email: 'agente2@demo.atendo.local', password: 'segredo1' },
  });
  aAgent2 = await t.login('agente2@demo.atendo.local', 'segredo1');
  bRecord = (
    await bAdmin.call('quickMessagesCreate', {
      body: { shortcode: 'segredo', message: 'Da empresa B', geral: true },
    })
  ).id;
  const up = await postFile(bAdmin, `/quick-messages/${bRecord}/media-upload`, {
    field: 'file',
    name: 'b.png',
    type: 'image/png',
    bytes: PNG_1X1,
  });
  expect(up.status).toBe(200);
}, 60_000);
afterAll(() => t?.close());

describe('quick messages', () => {
  it('validates, keeps shortcodes unique per company and shows each user what they may see', async () => {
    const missing = await apiError(() =>
      aAgent.call('quickMessagesCreate', { body: { shortcode: '  ', message: 'x' } }),
    );
    expect(missing.body).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: [{ field: 'shortcode', message: 'Obrigatório' }],
    });

    const own = await aAgent.call('quickMessagesCreate', {
      body: { shortcode: 'ola', message: 'Olá, {nome}!' },
    });
    expect(own).toMatchObject({
      shortcode: 'ola',
      geral: false,
      visao: true,
      userId: aAgent.user.id,
      mediaUrl: null,
      isMedia: false,
    });
    const shared = await aAgent2.call('quickMessagesCreate', {
      body: { shortcode: 'preco', message: 'Nossa tabela', geral: true },
    });
    const hidden = await aAgent2.call('quickMessagesCreate', {
      body: { shortcode: 'pessoal', message: 'Só minha' },
    });
    const inactive = await aAgent.call('quickMessagesCreate', {
      body: { shortcode: 'antiga', message: 'Desativada', visao: false },
    });
    // Same shortcode in any case: refused, also when another user owns it, and on update.
    for (const [c, sc] of [
      [aAgent, 'ola'],
      [aAdmin, 'OLA'],
      [aAgent, 'Pessoal'],
    ] as const) {
      const dup = await apiError(() =>
        c.call('quickMessagesCreate', { body: { shortcode: sc, message: 'x' } }),
      );
      expect(dup, sc).toMatchObject({ status: 409, code: 'ERR_DUPLICATED_SHORTCODE' });
    }
    expect(
      await apiError(() =>
        aAgent.call('quickMessagesUpdate', {
          params: { id: own.id },
          body: { shortcode: 'preco' },
        }),
      ),
    ).toMatchObject({ status: 409, code: 'ERR_DUPLICATED_SHORTCODE' });
    // Concurrent creations of one shortcode: exactly one wins.
    const race = await Promise.allSettled(
      [aAgent, aAgent2, aAdmin].map((c) =>
        c.call('quickMessagesCreate', { body: { shortcode: 'corrida', message: 'x' } }),
      ),
    );
    expect(race.filter((r) => r.status === 'fulfilled')).toHaveLength(1);

    const agentPage = await aAgent.call('quickMessagesIndex', { query: {} });
    const agentCodes = agentPage.records.map((r) => r.shortcode);
    expect(agentCodes).toEqual(expect.arrayContaining(['ola', 'preco', 'antiga']));
    expect(agentCodes).not.toContain('pessoal');
    expect(agentCodes).toEqual([...agentCodes].sort());
    const adminCodes = (await aAdmin.call('quickMessagesIndex', { query: {} })).records.map(
      (r) => r.shortcode,
    );
    expect(adminCodes).toEqual(expect.arrayContaining(['ola', 'preco', 'pessoal', 'antiga']));
    expect(
      (await aAgent.call('quickMessagesIndex', { query: { searchParam: 'tabela' } })).records,
    ).toEqual([expect.objectContaining({ id: shared.id })]);

    // The composer: own and shared, active only (admins too).
    const composer = (
      await aAgent.call('quickMessagesList', { query: { companyId: 999, userId: 1 } })
    ).map((r) => r.shortcode);
    expect(composer).toContain('ola');
    expect(composer).toContain('preco');
    expect(composer).not.toContain('pessoal');
    expect(composer).not.toContain(inactive.shortcode);
    expect(
      (await aAdmin.call('quickMessagesList', { query: {} })).map((r) => r.shortcode),
    ).not.toContain('pessoal');

    expect(await aAgent.call('quickMessagesShow', { params: { id: shared.id } })).toMatchObject({
      shortcode: 'preco',
    });
    expect(
      await apiError(() => aAgent.call('quickMessagesShow', { params: { id: hidden.id } })),
    ).toMatchObject({ status: 404 });
  });

  it('lets only the owner or an admin change or delete a message', async () => {
    const mine = await aAgent2.call('quickMessagesCreate', {
      body: { shortcode: 'dono', message: 'Original', geral: true },
    });
    for (const send of [
      () =>
        aAgent.call('quickMessagesUpdate', { params: { id: mine.id }, body: { message: 'Hack' } }),
      () => aAgent.call('quickMessagesDelete', { params: { id: mine.id } }),
      () => aAgent.call('quickMessagesMediaDelete', { params: { id: mine.id } }),
    ]) {
      expect(await apiError(send)).toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION' });
    }
    const upload = await postFile(aAgent, `/quick-messages/${mine.id}/media-upload`, {
      field: 'file',
      name: 'x.png',
      type: 'image/png',
      bytes: PNG_1X1,
    });
    expect(upload.status).toBe(403);
    const updated = await aAgent2.call('quickMessagesUpdate', {
      params: { id: mine.id },
      body: { message: 'Nova', geral: false },
    });
    expect(updated).toMatchObject({ message: 'Nova', geral: false, userId: aAgent2.user.id });
    const byAdmin = await aAdmin.call('quickMessagesUpdate', {
      params: { id: mine.id },
      body: { message: 'Pelo admin' },
    });
    // An admin's edit keeps the owner.
    expect(byAdmin).toMatchObject({ message: 'Pelo admin', userId: aAgent2.user.id });
    expect(await aAdmin.call('quickMessagesDelete', { params: { id: mine.id } })).toEqual({
      message: 'Quick message deleted',
    });
    expect(
      await apiError(() => aAgent2.call('quickMessagesShow', { params: { id: mine.id } })),
    ).toMatchObject({ status: 404 });
  });

  it('attaches a sniffed, private file and removes it', async () => {
    const q = await aAgent.call('quickMessagesCreate', {
      body: { shortcode: 'catalogo', message: 'Segue o catálogo' },
    });
    const fake = await postFile(aAgent, `/quick-messages/${q.id}/media-upload`, {
      field: 'file',
      name: 'virus.pdf',
      type: 'application/pdf',
      bytes: '<html><script>alert(1)</script></html>',
    });
    expect(fake.status).toBe(400);
    const noFile = await aAgent.raw('POST', `/quick-messages/${q.id}/media-upload`);
    expect(noFile.status).toBe(400);

    const res = await postFile(
      aAgent,
      `/quick-messages/${q.id}/media-upload`,
      { field: 'file', name: '../../Catálogo 2026.pdf', type: 'text/plain', bytes: PDF },
      { typeArch: 'quickMessage' },
    );
    expect(res.status).toBe(200);
    const withMedia = (await res.json()) as {
      mediaUrl: string;
      mediaName: string;
      isMedia: boolean;
      mediaPath: string;
    };
    expect(withMedia).toMatchObject({ isMedia: true });
    expect(withMedia.mediaName).toMatch(/Cat.*logo 2026\.pdf$/);
    expect(withMedia.mediaName).not.toContain('/');
    expect(withMedia.mediaUrl).toMatch(
      new RegExp(`^/private/${aAgent.user.companyId}/[0-9a-f]{32}\\.pdf$`),
    );
    const file = await aAgent2.raw('GET', withMedia.mediaUrl);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await bAdmin.raw('GET', withMedia.mediaUrl)).status).toBe(404);
    expect((await t.client().raw('GET', withMedia.mediaUrl)).status).toBe(401);

    const cleared = await aAgent.call('quickMessagesMediaDelete', { params: { id: q.id } });
    expect(cleared).toMatchObject({
      mediaUrl: null,
      mediaName: null,
      mediaPath: null,
      isMedia: false,
    });
    expect((await aAgent.raw('GET', withMedia.mediaUrl)).status).toBe(404);
  });

  it('pushes company-{id}-quickmessage only to those who see the message', async () => {
    const connect = (c: Logged) => companySocket(t.url, c);
    const clients = { owner: aAgent, other: aAgent2, admin: aAdmin, b: bAdmin };
    const sockets = await Promise.all(Object.values(clients).map(connect));
    const seen: Record<string, { action: string; record?: { id: number }; id?: number }[]> = {};
    Object.keys(clients).forEach((k, i) => {
      seen[k] = [];
      sockets[i]!.onAny((event: string, p: { action: string }) => {
        if (event.endsWith('-quickmessage')) seen[k]!.push(p);
      });
    });
    try {
      const q = await aAgent.call('quickMessagesCreate', {
        body: { shortcode: 'aovivo', message: 'x' },
      });
      await aAgent.call('quickMessagesUpdate', { params: { id: q.id }, body: { geral: true } });
      await aAgent.call('quickMessagesUpdate', { params: { id: q.id }, body: { geral: false } });
      await aAgent.call('quickMessagesDelete', { params: { id: q.id } });
      const end = Date.now() + 5000;
      while ((seen.owner!.length < 4 || seen.other!.length < 2) && Date.now() < end)
        await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 200));
      const actions = (k: string) => seen[k]!.map((p) => p.action);
      expect(actions('owner')).toEqual(['create', 'update', 'update', 'delete']);
      expect(actions('admin')).toEqual(['create', 'update', 'update', 'delete']);
      // The other agent sees it only while shared, then is told to drop it.
      expect(seen.other).toEqual([
        { action: 'update', record: expect.objectContaining({ id: q.id, geral: true }) },
        { action: 'delete', id: q.id },
      ]);
      expect(seen.b).toEqual([]);
    } finally {
      sockets.forEach((s) => s.disconnect());
    }
  });
});

describe('quick messages across companies', () => {
  it("refuses company B's message to A's admin and agent on every route, B unchanged", async () => {
    const before = await snapshotOf(bAdmin.user.companyId);
    for (const c of [aAdmin, aAgent]) {
      const attempts: [string, () => Promise<Response>][] = [
        ['GET', () => c.raw('GET', `/quick-messages/${bRecord}`)],
        [
          'PUT',
          () => c.raw('PUT', `/quick-messages/${bRecord}`, { message: 'Hacked', geral: false }),
        ],
        ['DELETE', () => c.raw('DELETE', `/quick-messages/${bRecord}`)],
        [
          'POST media',
          () =>
            postFile(c, `/quick-messages/${bRecord}/media-upload`, {
              field: 'file',
              name: 'x.png',
              type: 'image/png',
              bytes: PNG_1X1,
            }),
        ],
        ['DELETE media', () => c.raw('DELETE', `/quick-messages/${bRecord}/media-upload`)],
      ];
      for (const [what, send] of attempts) {
        const res = await send();
        expect(res.status, `${what}: ${await res.clone().text()}`).toBe(404);
      }
      const page = await c.call('quickMessagesIndex', { query: { searchParam: 'segredo' } });
      expect(page.records).toEqual([]);
      const list = await c.call('quickMessagesList', { query: {} });
      expect(list.map((r) => r.id)).not.toContain(bRecord);
      // A's shortcodes do not collide with B's.
      const same = await c.call('quickMessagesCreate', {
        body: { shortcode: `segredo-${c.user.id}`, message: 'A' },
      });
      expect(same.shortcode).toMatch(/^segredo-/);
    }
    expect(await snapshotOf(bAdmin.user.companyId)).toEqual(before);
    const ownB = await aAdmin.call('quickMessagesCreate', {
      body: { shortcode: 'segredo', message: 'A' },
    });
    expect(ownB.shortcode).toBe('segredo');
  });

  it('answers malformed ids, queries and bodies with 400 naming the field', async () => {
    const cases: [string, string, unknown, string][] = [
      ['GET', '/quick-messages?pageNumber=0', undefined, 'query.pageNumber'],
      ['GET', '/quick-messages/list?userId=abc', undefined, 'query.userId'],
      ['GET', '/quick-messages/abc', undefined, 'params.id'],
      ['PUT', '/quick-messages/-4', { message: 'x' }, 'params.id'],
      ['DELETE', '/quick-messages/1.5', undefined, 'params.id'],
      ['DELETE', '/quick-messages/x/media-upload', undefined, 'params.id'],
      ['POST', '/quick-messages', { shortcode: 5, geral: 'yes' }, 'geral'],
      ['POST', '/quick-messages', { message: 'sem atalho' }, 'shortcode'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await aAdmin.raw(method, path, body);
      const json = (await res.json()) as { error: string; fields?: { field: string }[] };
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(
        json.fields?.map((f) => f.field),
        `${method} ${path}`,
      ).toContain(field);
    }
    const bad = await postFile(aAdmin, '/quick-messages/abc/media-upload', {
      field: 'file',
      name: 'x.png',
      type: 'image/png',
      bytes: PNG_1X1,
    });
    expect(bad.status).toBe(400);
    expect((await t.client().raw('GET', '/quick-messages/list')).status).toBe(401);
  });
});
