import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ADMIN,
  DEMO_AGENT,
  SUPER,
  apiError,
  startTestApi,
  type TestApi,
  type TestClient,
} from './support/api.js';
import { sql } from './support/sql.js';

type Logged = TestClient & { user: { id: number; companyId: number } };

let t: TestApi;
let su: Logged;
let admin: Logged;
let agent: Logged;
let bAdmin: Logged;

beforeAll(async () => {
  t = await startTestApi();
  su = await t.login(SUPER.email, SUPER.password);
  admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  agent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
  await su.call('companiesCreate', {
    body: { name: 'Empresa Ajuda B', email: 'admin@ajuda-b.io', password: 'segredo1', planId: 1 },
  });
  bAdmin = await t.login('admin@ajuda-b.io', 'segredo1');
});
afterAll(() => t?.close());

const helpRows = () =>
  sql<{ id: number; title: string; video: string | null; description: string | null }>(
    t.databaseUrl,
    'SELECT id, title, video, description FROM helps ORDER BY id',
  );

describe('help articles', () => {
  it('the super admin creates, lists (paged, searched), updates and deletes', async () => {
    const created = await su.call('helpsCreate', {
      body: {
        title: 'Como conectar o WhatsApp',
        video: 'dQw4w9WgXcQ',
        description: 'Passo a passo',
      },
    });
    expect(created).toEqual({
      id: expect.any(Number),
      title: 'Como conectar o WhatsApp',
      video: 'dQw4w9WgXcQ',
      description: 'Passo a passo',
    });
    for (let i = 0; i < 21; i++) {
      await su.call('helpsCreate', { body: { title: `Zeta ${String(i).padStart(2, '0')}` } });
    }
    const page1 = await agent.call('helpsIndex', { query: {} });
    expect(page1.count).toBe(22);
    expect(page1.records).toHaveLength(20);
    expect(page1.hasMore).toBe(true);
    expect(page1.records[0]!.title).toBe('Como conectar o WhatsApp');
    const page2 = await agent.call('helpsIndex', { query: { pageNumber: 2 } });
    expect(page2).toMatchObject({ count: 22, hasMore: false });
    expect(page2.records.map((h) => h.title)).toEqual(['Zeta 19', 'Zeta 20']);
    expect(await agent.call('helpsIndex', { query: { pageNumber: 9 } })).toEqual({
      records: [],
      count: 22,
      hasMore: false,
    });
    const searched = await admin.call('helpsIndex', { query: { searchParam: 'whatsapp' } });
    expect(searched.records.map((h) => h.id)).toEqual([created.id]);
    // LIKE wildcards are searched as text.
    expect((await su.call('helpsIndex', { query: { searchParam: '%' } })).count).toBe(0);

    const all = await agent.call('helpsList');
    expect(all).toHaveLength(22);
    expect(all[0]).toEqual(created);

    const updated = await su.call('helpsUpdate', {
      params: { id: created.id },
      body: { description: 'Novo texto', video: '' },
    });
    expect(updated).toEqual({ ...created, description: 'Novo texto', video: null });
    expect(await su.call('helpsDelete', { params: { id: created.id } })).toEqual({
      message: 'Help deleted',
    });
    expect((await agent.call('helpsList')).map((h) => h.id)).not.toContain(created.id);
    expect(
      await apiError(() => su.call('helpsDelete', { params: { id: created.id } })),
    ).toMatchObject({
      status: 404,
      code: 'ERR_NOT_FOUND',
    });
    expect(
      await apiError(() =>
        su.call('helpsUpdate', { params: { id: created.id }, body: { title: 'x' } }),
      ),
    ).toMatchObject({ status: 404, code: 'ERR_NOT_FOUND' });
  });

  it('validates the fields: title required, video a bare code, lengths', async () => {
    const before = await helpRows();
    for (const [body, field] of [
      [{}, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ title: 'Ok', video: 'https://youtube.com/watch?v=abc' }, 'video'],
      [{ title: 'Ok', video: '"><script>' }, 'video'],
      [{ title: 'Ok', description: 5 }, 'description'],
    ] as const) {
      const res = await su.raw('POST', '/helps', body);
      const json = (await res.json()) as { error: string; fields: { field: string }[] };
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(json.error).toBe('ERR_VALIDATION');
      expect(json.fields.map((f) => f.field)).toContain(field);
    }
    expect(await helpRows()).toEqual(before);
  });

  it('answers malformed ids and queries with 400', async () => {
    for (const [method, path] of [
      ['PUT', '/helps/abc'],
      ['PUT', '/helps/0'],
      ['DELETE', '/helps/-1'],
      ['DELETE', '/helps/1.5'],
      ['GET', '/helps?pageNumber=zero'],
      ['GET', '/helps?pageNumber=0'],
      ['GET', `/helps?searchParam=${'a'.repeat(201)}`],
    ] as const) {
      const res = await su.raw(method, path, method === 'PUT' ? { title: 'x' } : undefined);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('ERR_VALIDATION');
    }
  });
});

describe('writes are the super admin’s only, whatever the company', () => {
  it.each([
    ['company A admin', () => admin],
    ['company A agent', () => agent],
    ['company B admin', () => bAdmin],
  ])(
    '%s: create, update and delete refused, rows unchanged; reads allowed',
    async (_who, actor) => {
      const help = await su.call('helpsCreate', { body: { title: `Da plataforma ${_who}` } });
      const before = await helpRows();
      for (const res of [
        await actor().raw('POST', '/helps', { title: 'Intrusa' }),
        await actor().raw('PUT', `/helps/${help.id}`, { title: 'Alterada' }),
        await actor().raw('DELETE', `/helps/${help.id}`),
      ]) {
        expect(res.status).toBe(403);
        expect(((await res.json()) as { error: string }).error).toBe('ERR_NO_PERMISSION');
      }
      expect(await helpRows()).toEqual(before);
      expect((await actor().call('helpsList')).map((h) => h.id)).toContain(help.id);
    },
  );

  it('anonymous callers read nothing and write nothing', async () => {
    const anon = t.client();
    for (const [method, path] of [
      ['GET', '/helps'],
      ['GET', '/helps/list'],
      ['POST', '/helps'],
      ['PUT', '/helps/1'],
      ['DELETE', '/helps/1'],
    ] as const) {
      const res = await anon.raw(method, path, method === 'GET' ? undefined : { title: 'x' });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });
});
