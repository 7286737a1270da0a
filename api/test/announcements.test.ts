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
let su: Logged;
let aAdmin: Logged;
let aAgent: Logged;
let bAdmin: Logged;

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const rows = () =>
  sql(
    t.databaseUrl,
    `SELECT id, "companyId", title, text, status, priority, "mediaPath", "mediaName"
       FROM announcements ORDER BY id`,
  );

const upload = (c: TestClient, id: number, name: string, type: string, bytes: Buffer) =>
  postFile(
    c,
    `/announcements/${id}/media-upload`,
    { field: 'file', name, type, bytes },
    {
      typeArch: 'announcements',
    },
  );

beforeAll(async () => {
  t = await startTestApi({ LOGIN_RATE_LIMIT: '1000' });
  su = await t.login(SUPER.email, SUPER.password);
  await su.call('companiesCreate', {
    body: { name: 'Empresa B', email: 'admin@empresa-b.io', password: 'segredo1', planId: 1 },
  });
  bAdmin = await t.login('admin@empresa-b.io', 'segredo1');
  aAdmin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  aAgent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
}, 60_000);
afterAll(() => t?.close());

describe('announcements', () => {
  it('validates, defaults to active priority 3, pages the admin list and orders the top bar', async () => {
    const missing = await apiError(() =>
      su.call('announcementsCreate', { body: { title: ' ', text: '' } as never }),
    );
    expect(missing.body).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: expect.arrayContaining([
        { field: 'title', message: 'Obrigatório' },
        { field: 'text', message: 'Obrigatório' },
      ]),
    });
    for (const priority of [0, 4, 1.5]) {
      const bad = await apiError(() =>
        su.call('announcementsCreate', { body: { title: 'x', text: 'y', priority } }),
      );
      expect(bad.body, String(priority)).toMatchObject({ fields: [{ field: 'priority' }] });
    }

    const low = await su.call('announcementsCreate', {
      body: { title: 'Manutenção', text: 'Sábado às 22h' },
    });
    expect(low).toMatchObject({
      title: 'Manutenção',
      text: 'Sábado às 22h',
      status: true,
      priority: 3,
      mediaUrl: null,
      companyId: 1,
    });
    const high = await su.call('announcementsCreate', {
      body: { title: 'Urgente', text: 'Atualize o app', priority: 1 },
    });
    const off = await su.call('announcementsCreate', {
      body: { title: 'Rascunho', text: 'Ainda não', status: false, priority: 1 },
    });
    const mid = await su.call('announcementsCreate', {
      body: { title: 'Novidade', text: 'Relatórios novos', priority: '2' as never },
    });
    expect(mid.priority).toBe(2);

    // The admin list: every one, newest first, searchable by title or text.
    const all = await su.call('announcementsIndex', { query: {} });
    expect(all.records.map((r) => r.id)).toEqual([mid.id, off.id, high.id, low.id]);
    expect(all).toMatchObject({ count: 4, hasMore: false });
    const found = await su.call('announcementsIndex', { query: { searchParam: 'sábado' } });
    expect(found.records.map((r) => r.id)).toEqual([low.id]);
    const literal = await su.call('announcementsIndex', { query: { searchParam: '%' } });
    expect(literal.records).toEqual([]);

    // The top bar of any company: active ones only, by priority, then newest.
    for (const c of [aAgent, bAdmin, su]) {
      const bar = await c.call('announcementsForCompany', { query: {} });
      expect(bar.records.map((r) => r.id)).toEqual([high.id, mid.id, low.id]);
      expect(bar).toMatchObject({ count: 3, hasMore: false });
    }

    const edited = await su.call('announcementsUpdate', {
      params: { id: off.id },
      body: { status: true, text: 'Agora sim' },
    });
    expect(edited).toMatchObject({ status: true, text: 'Agora sim', title: 'Rascunho' });
    expect((await su.call('announcementsShow', { params: { id: off.id } })).text).toBe('Agora sim');
    await su.call('announcementsDelete', { params: { id: off.id } });
    expect(
      (await apiError(() => su.call('announcementsShow', { params: { id: off.id } }))).status,
    ).toBe(404);
    expect(
      (await apiError(() => su.call('announcementsUpdate', { params: { id: off.id }, body: {} })))
        .status,
    ).toBe(404);

    // Pages of 20.
    for (let i = 0; i < 20; i++)
      await su.call('announcementsCreate', { body: { title: `Lote ${i}`, text: 'x' } });
    const first = await su.call('announcementsIndex', { query: { pageNumber: 1 } });
    expect(first).toMatchObject({ count: 23, hasMore: true });
    expect(first.records).toHaveLength(20);
    const second = await su.call('announcementsIndex', { query: { pageNumber: 2 } });
    expect(second).toMatchObject({ count: 23, hasMore: false });
    expect(second.records).toHaveLength(3);
    await sql(t.databaseUrl, `DELETE FROM announcements WHERE title LIKE 'Lote %'`);
  });

  it('takes png and jpeg images by content, within the size limit, served publicly', async () => {
    const a = await su.call('announcementsCreate', { body: { title: 'Com imagem', text: 'x' } });
    // Named and typed as png, but a pdf or a gif: refused, nothing stored.
    for (const [bytes, name] of [
      [PDF, 'x.png'],
      [GIF, 'x.jpg'],
    ] as const) {
      const res = await upload(su, a.id, name, 'image/png', bytes);
      expect(res.status, name).toBe(400);
      expect(await res.json()).toMatchObject({
        error: 'ERR_VALIDATION',
        fields: [{ field: 'file' }],
      });
    }
    const tooBig = Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await upload(su, a.id, 'big.png', 'image/png', tooBig)).status).toBe(413);
    expect((await rows()).find((r) => r.id === a.id)).toMatchObject({ mediaPath: null });

    // A jpeg sent as "foto.png" is stored as what it is.
    const jpg = await upload(su, a.id, 'foto.png', 'image/png', JPEG);
    expect(jpg.status).toBe(200);
    const withJpg = (await jpg.json()) as {
      mediaUrl: string;
      mediaName: string;
      mediaPath: string;
    };
    expect(withJpg.mediaName).toBe('foto.png');
    expect(withJpg.mediaUrl).toMatch(/^\/public\/announcements\/[0-9a-f]{32}\.jpg$/);
    const png = await upload(su, a.id, '../../logo.png', 'application/octet-stream', PNG_1X1);
    const withPng = (await png.json()) as { mediaUrl: string; mediaName: string };
    expect(withPng.mediaName).toBe('logo.png');
    expect(withPng.mediaUrl).toMatch(/\.png$/);
    // Any company's user (even without a session) reads the image; the replaced one is gone.
    const served = await fetch(`${t.url}${withPng.mediaUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG_1X1);
    expect((await fetch(`${t.url}${withJpg.mediaUrl}`)).status).toBe(404);

    const cleared = await su.call('announcementsMediaDelete', { params: { id: a.id } });
    expect(cleared).toMatchObject({ mediaUrl: null, mediaName: null, mediaPath: null });
    expect((await fetch(`${t.url}${withPng.mediaUrl}`)).status).toBe(404);
    await su.call('announcementsDelete', { params: { id: a.id } });
  });

  it('pushes company-announcement and company-{id}-announcement to the users of every company', async () => {
    const connect = (c: Logged) => companySocket(t.url, c);
    const clients = { agentA: aAgent, adminB: bAdmin, super: su };
    expect(new Set(Object.values(clients).map((c) => c.user.companyId)).size).toBe(3);
    const sockets = await Promise.all(Object.values(clients).map(connect));
    const seen: Record<string, { action: string; record?: { id: number }; id?: number }[]> = {};
    // The spec's per-company name (docs/product/internal-chat-and-announcements.md) carries the same pushes.
    const named: Record<string, { action: string }[]> = {};
    Object.entries(clients).forEach(([k, c], i) => {
      seen[k] = [];
      named[k] = [];
      sockets[i]!.on('company-announcement', (p: { action: string }) => seen[k]!.push(p));
      sockets[i]!.on(`company-${c.user.companyId}-announcement`, (p: { action: string }) =>
        named[k]!.push(p),
      );
    });
    try {
      const a = await su.call('announcementsCreate', { body: { title: 'Ao vivo', text: 'x' } });
      await su.call('announcementsUpdate', { params: { id: a.id }, body: { priority: 1 } });
      await su.call('announcementsUpdate', { params: { id: a.id }, body: { status: false } });
      await su.call('announcementsDelete', { params: { id: a.id } });
      const end = Date.now() + 5000;
      while (
        [...Object.values(seen), ...Object.values(named)].some((s) => s.length < 4) &&
        Date.now() < end
      )
        await new Promise((r) => setTimeout(r, 50));
      for (const k of Object.keys(clients)) {
        expect(seen[k], k).toEqual([
          { action: 'create', record: expect.objectContaining({ id: a.id, priority: 3 }) },
          { action: 'update', record: expect.objectContaining({ id: a.id, priority: 1 }) },
          // Made inactive: everyone drops it.
          { action: 'delete', id: a.id },
          { action: 'delete', id: a.id },
        ]);
        expect(named[k], k).toEqual(seen[k]);
      }
    } finally {
      sockets.forEach((s) => s.disconnect());
    }
  });
});

describe('announcements for others than the super admin', () => {
  it("refuses every write and the admin list to a company's admin and agent, rows unchanged", async () => {
    const a = await su.call('announcementsCreate', { body: { title: 'Fixo', text: 'x' } });
    const before = await rows();
    for (const c of [aAdmin, aAgent, bAdmin]) {
      const attempts: [string, () => Promise<Response>][] = [
        ['GET list', () => c.raw('GET', '/announcements/')],
        ['GET one', () => c.raw('GET', `/announcements/${a.id}`)],
        ['POST', () => c.raw('POST', '/announcements', { title: 'Hack', text: 'x' })],
        ['PUT', () => c.raw('PUT', `/announcements/${a.id}`, { title: 'Hacked' })],
        ['DELETE', () => c.raw('DELETE', `/announcements/${a.id}`)],
        ['POST media', () => upload(c, a.id, 'x.png', 'image/png', PNG_1X1)],
        ['DELETE media', () => c.raw('DELETE', `/announcements/${a.id}/media-upload`)],
      ];
      for (const [what, send] of attempts) {
        const res = await send();
        expect(res.status, what).toBe(403);
        expect(await res.json(), what).toMatchObject({ error: 'ERR_NO_PERMISSION' });
      }
    }
    expect(await rows()).toEqual(before);
    const anonymous = await t.client().raw('GET', '/announcements/for-company');
    expect(anonymous.status).toBe(401);
  });

  it('answers malformed ids, queries and bodies with 400 naming the field', async () => {
    const cases: [string, string, unknown, string][] = [
      ['GET', '/announcements?pageNumber=0', undefined, 'query.pageNumber'],
      ['GET', '/announcements/for-company?pageNumber=x', undefined, 'query.pageNumber'],
      ['GET', '/announcements/abc', undefined, 'params.id'],
      ['PUT', '/announcements/-4', { title: 'x' }, 'params.id'],
      ['DELETE', '/announcements/1.5', undefined, 'params.id'],
      ['DELETE', '/announcements/x/media-upload', undefined, 'params.id'],
      ['POST', '/announcements', { title: 5, text: 'x' }, 'title'],
      ['POST', '/announcements', { title: 'x', text: 'y', status: 'yes' }, 'status'],
      ['PUT', '/announcements/1', { priority: 'alta' }, 'priority'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await su.raw(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(await res.json(), `${method} ${path}`).toMatchObject({
        error: 'ERR_VALIDATION',
        fields: expect.arrayContaining([expect.objectContaining({ field })]),
      });
    }
    const a = await su.call('announcementsCreate', { body: { title: 'Mal', text: 'x' } });
    const wrongPart = await postFile(su, `/announcements/${a.id}/media-upload`, {
      field: 'image',
      name: 'x.png',
      type: 'image/png',
      bytes: PNG_1X1,
    });
    expect(wrongPart.status).toBe(400);
    const noFile = await su.raw('POST', `/announcements/${a.id}/media-upload`, {});
    expect(noFile.status).toBe(400);
  });
});
