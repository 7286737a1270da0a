import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_NUMBER_MESSAGE } from '@atendo/domain';
import {
  LocalChannelAdapter,
  singleAdapterRegistry,
} from '@atendo/core/channels/channel-adapter.js';
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
import { postFile } from './support/upload.js';
import { companySocket } from './support/socket.js';

type Logged = TestClient & { user: { id: number; companyId: number } };

/** A channel that knows some numbers only in another form (WhatsApp's ninth digit). */
class NinthDigitChannel extends LocalChannelAdapter {
  readonly canonical = new Map<string, string>();
  checks: string[] = [];
  override async checkNumber(m: { number: string }) {
    this.checks.push(m.number);
    const known = this.canonical.get(m.number);
    if (known) return { exists: true, number: known };
    return super.checkNumber(m);
  }
}

const channel = new NinthDigitChannel();
let t: TestApi;
let aAdmin: Logged;
let aAgent: Logged;
let bAdmin: Logged;
let bList = 0;
let bItem = 0;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const snapshotOf = async (companyId: number) => ({
  lists: await sql(
    t.databaseUrl,
    `SELECT * FROM contact_lists WHERE "companyId" = $1 ORDER BY id`,
    [companyId],
  ),
  items: await sql(
    t.databaseUrl,
    `SELECT * FROM contact_list_items WHERE "companyId" = $1 ORDER BY id`,
    [companyId],
  ),
});
async function workbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Contatos');
  rows.forEach((r) => sheet.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const upload = (c: Logged, listId: number, bytes: Buffer | string, name = 'lista.xlsx') =>
  postFile(c, `/contact-lists/${listId}/upload`, { field: 'file', name, type: XLSX, bytes });

beforeAll(async () => {
  t = await startTestApi(
    { LOGIN_RATE_LIMIT: '1000' },
    { channels: singleAdapterRegistry(channel) },
  );
  const su = await t.login(SUPER.email, SUPER.password);
  await su.call('companiesCreate', {
    body: { name: 'Empresa B', email: 'admin@empresa-b.io', password: 'segredo1', planId: 1 },
  });
  bAdmin = await t.login('admin@empresa-b.io', 'segredo1');
  aAdmin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  aAgent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
  bList = (await bAdmin.call('contactListsCreate', { body: { name: 'Lista B' } })).id;
  bItem = (
    await bAdmin.call('contactListItemsCreate', {
      body: { contactListId: bList, name: 'Cliente B', number: '5521999990000' },
    })
  ).id;
}, 60_000);
afterAll(() => t?.close());

describe('contact lists (docs/product/contacts.md Contact lists, docs/product/contacts.md#validation)', () => {
  it('creates, lists with counts, renames and deletes lists', async () => {
    expect(
      await apiError(() => aAdmin.call('contactListsCreate', { body: { name: 'X' } })),
    ).toMatchObject({
      body: { error: 'ERR_VALIDATION', fields: [{ field: 'name', message: 'Too Short!' }] },
    });
    expect(
      await apiError(() => aAdmin.call('contactListsCreate', { body: { name: 'x'.repeat(51) } })),
    ).toMatchObject({ body: { fields: [{ field: 'name', message: 'Too Long!' }] } });
    const vip = await aAdmin.call('contactListsCreate', { body: { name: ' VIP ' } });
    expect(vip).toMatchObject({ name: 'VIP', contactsCount: 0, validContactsCount: 0 });
    const leads = await aAdmin.call('contactListsCreate', { body: { name: 'Leads' } });
    await aAdmin.call('contactListItemsCreate', {
      body: { contactListId: leads.id, name: 'Ana', number: '5511911112222' },
    });
    const page = await aAdmin.call('contactListsIndex', { query: {} });
    expect(page).toMatchObject({ count: 2, hasMore: false });
    expect(page.records.map((r) => [r.name, r.contactsCount])).toEqual([
      ['Leads', 1],
      ['VIP', 0],
    ]);
    expect(
      (await aAdmin.call('contactListsIndex', { query: { searchParam: 'vi' } })).records,
    ).toEqual([expect.objectContaining({ id: vip.id })]);
    expect((await aAdmin.call('contactListsList', {})).map((l) => l.id)).toEqual([
      leads.id,
      vip.id,
    ]);
    expect(
      await aAdmin.call('contactListsUpdate', {
        params: { id: vip.id },
        body: { name: 'VIP 2025' },
      }),
    ).toMatchObject({ id: vip.id, name: 'VIP 2025' });
    expect(await aAdmin.call('contactListsShow', { params: { id: vip.id } })).toMatchObject({
      name: 'VIP 2025',
    });
    // A list a scheduled campaign sends to stays until the campaign changes.
    const [w] = await sql<{ id: number }>(
      t.databaseUrl,
      `INSERT INTO whatsapps ("companyId", name, status) VALUES ($1, 'Desligada', 'DISCONNECTED') RETURNING id`,
      [aAdmin.user.companyId],
    );
    const campaign = await aAdmin.call('campaignsCreate', {
      body: {
        name: 'Usa a lista',
        whatsappId: w!.id,
        contactListId: vip.id,
        message1: 'Oi',
        scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(
      await apiError(() => aAdmin.call('contactListsDelete', { params: { id: vip.id } })),
    ).toMatchObject({ status: 409, code: 'ERR_CONFLICT' });
    await aAdmin.call('campaignsDelete', { params: { id: campaign.id } });
    await aAdmin.call('contactListsDelete', { params: { id: vip.id } });
    expect(
      await apiError(() => aAdmin.call('contactListsShow', { params: { id: vip.id } })),
    ).toMatchObject({
      status: 404,
    });
  });

  it('normalises item numbers and checks them on a connected WhatsApp only', async () => {
    const list = await aAdmin.call('contactListsCreate', { body: { name: 'Checagem' } });
    const add = (number: string, name = 'Cliente') =>
      aAdmin.call('contactListItemsCreate', { body: { contactListId: list.id, name, number } });
    // No connected connection yet: stored normalised, not valid, the channel not asked.
    expect(await add('(11) 98765-4321')).toMatchObject({
      number: '5511987654321',
      isWhatsappValid: false,
    });
    expect(channel.checks).toEqual([]);
    const [w] = await sql<{ id: number }>(
      t.databaseUrl,
      `INSERT INTO whatsapps ("companyId", name, status) VALUES ($1, 'Loja', 'CONNECTED') RETURNING id`,
      [aAdmin.user.companyId],
    );
    expect(await add('+55 11 3333-4444')).toMatchObject({
      number: '551133334444',
      isWhatsappValid: true,
    });
    channel.unknownNumbers.add('5511922223333');
    expect(await add('11922223333')).toMatchObject({ isWhatsappValid: false });
    channel.canonical.set('5511966667777', '551166667777');
    const canonical = await add('5511966667777');
    expect(canonical).toMatchObject({ number: '551166667777', isWhatsappValid: true });
    // The same number again, typed another way: refused.
    expect(await apiError(() => add('+55 (11) 98765-4321'))).toMatchObject({
      status: 409,
      code: 'ERR_DUPLICATED_CONTACT',
    });
    // Item rules (docs/product/campaigns.md#validation).
    const bad = await apiError(() =>
      aAdmin.call('contactListItemsCreate', {
        body: { contactListId: list.id, name: 'X', number: '1234', email: 'nope' },
      }),
    );
    expect((bad.body as { fields: unknown[] }).fields).toEqual([
      { field: 'name', message: 'Too Short!' },
      { field: 'number', message: CONTACT_NUMBER_MESSAGE },
      { field: 'email', message: 'Invalid email' },
    ]);
    // Editing a number checks it again; name and email change alone.
    const first = (
      await aAdmin.call('contactListItemsIndex', {
        query: { contactListId: list.id, searchParam: '98765' },
      })
    ).contacts[0]!;
    expect(
      await aAdmin.call('contactListItemsUpdate', {
        params: { id: first.id },
        body: { number: '5511987650000', email: 'ana@ex.com' },
      }),
    ).toMatchObject({ number: '5511987650000', email: 'ana@ex.com', isWhatsappValid: true });
    expect(
      await apiError(() =>
        aAdmin.call('contactListItemsUpdate', {
          params: { id: first.id },
          body: { number: '551133334444' },
        }),
      ),
    ).toMatchObject({ code: 'ERR_DUPLICATED_CONTACT' });
    const page = await aAdmin.call('contactListItemsIndex', { query: { contactListId: list.id } });
    expect(page).toMatchObject({ count: 4, hasMore: false });
    expect(await aAdmin.call('contactListsShow', { params: { id: list.id } })).toMatchObject({
      contactsCount: 4,
      validContactsCount: 3,
    });
    await aAdmin.call('contactListItemsDelete', { params: { id: canonical.id } });
    expect(
      await apiError(() => aAdmin.call('contactListItemsShow', { params: { id: canonical.id } })),
    ).toMatchObject({ status: 404 });
    await sql(t.databaseUrl, 'DELETE FROM whatsapps WHERE id = $1', [w!.id]);
  });

  it('imports a spreadsheet: normalised numbers, duplicates skipped, a report per row', async () => {
    const list = await aAdmin.call('contactListsCreate', { body: { name: 'Importada' } });
    await aAdmin.call('contactListItemsCreate', {
      body: { contactListId: list.id, name: 'Já estava', number: '5511900001111' },
    });
    const [w] = await sql<{ id: number }>(
      t.databaseUrl,
      `INSERT INTO whatsapps ("companyId", name, status) VALUES ($1, 'Loja 2', 'CONNECTED') RETURNING id`,
      [aAdmin.user.companyId],
    );
    channel.unknownNumbers.add('5511900005555');
    const file = await workbook([
      ['Nome', 'Número', 'E-mail'],
      ['Ana', '(11) 90000-2222', 'ana@ex.com'],
      ['Ana de novo', '5511900002222', null],
      ['Antigo', 5511900001111, null],
      ['Curto', '123', null],
      ['Email ruim', '11900003333', 'sem-arroba'],
      [null, '11900004444', null],
      ['Sem WhatsApp', '11900005555', null],
    ]);
    const res = await upload(aAdmin, list.id, file);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      created: 3,
      skipped: 2,
      valid: 2,
      failed: [
        { row: 4, reason: `number: ${CONTACT_NUMBER_MESSAGE}` },
        { row: 5, reason: 'email: Invalid email' },
      ],
    });
    const items = (
      await aAdmin.call('contactListItemsIndex', { query: { contactListId: list.id } })
    ).contacts.map((i) => [i.name, i.number, i.email, i.isWhatsappValid]);
    expect(items).toEqual([
      ['5511900004444', '5511900004444', null, true],
      ['Ana', '5511900002222', 'ana@ex.com', true],
      ['Já estava', '5511900001111', null, false],
      ['Sem WhatsApp', '5511900005555', null, false],
    ]);
    // No header row: columns A, B, C.
    const bare = await upload(aAdmin, list.id, await workbook([['Bruno', '11900006666']]));
    expect(await bare.json()).toMatchObject({ created: 1, skipped: 0, failed: [] });
    // Not a spreadsheet.
    const junk = await upload(aAdmin, list.id, Buffer.from([0, 1, 2, 3, 4, 5]), 'lista.xls');
    expect(junk.status).toBe(400);
    expect(await junk.json()).toMatchObject({ error: 'ERR_INVALID_FILE' });
    await sql(t.databaseUrl, 'DELETE FROM whatsapps WHERE id = $1', [w!.id]);
  });

  it('pushes list items to the admins and lists to the company', async () => {
    const connect = (c: Logged) => companySocket(t.url, c);
    const sockets = await Promise.all([aAdmin, aAgent, bAdmin].map(connect));
    const seen: string[][] = [[], [], []];
    sockets.forEach((s, i) =>
      s.onAny((event: string, p: { action: string }) => {
        if (/-contactList(Item)?$/.test(event))
          seen[i]!.push(`${event.split('-').pop()}:${p.action}`);
      }),
    );
    try {
      const list = await aAdmin.call('contactListsCreate', { body: { name: 'Ao vivo' } });
      await upload(
        aAdmin,
        list.id,
        await workbook([
          ['Nome', 'Numero'],
          ['Caio', '11900007777'],
        ]),
      );
      const end = Date.now() + 5000;
      while (seen[0]!.length < 3 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 200));
      // The list's create comes first; the item reload and the list's new count are two pushes
      // from the same upload, in either order.
      expect(seen[0]![0]).toBe('contactList:create');
      expect([...seen[0]!].sort()).toEqual([
        'contactList:create',
        'contactList:update',
        'contactListItem:reload',
      ]);
      expect(seen[1]).toEqual(['contactList:create', 'contactList:update']);
      expect(seen[2]).toEqual([]);
    } finally {
      sockets.forEach((s) => s.disconnect());
    }
  });
});

describe('contact list access', () => {
  it("refuses profile user on items, a plan without useCampaigns, and another company's ids", async () => {
    // Profile user: the lists, not their items.
    expect((await aAgent.call('contactListsIndex', { query: {} })).records.length).toBeGreaterThan(
      0,
    );
    const [mine] = (await aAdmin.call('contactListsIndex', { query: {} })).records;
    for (const call of [
      () => aAgent.call('contactListItemsIndex', { query: { contactListId: mine!.id } }),
      () =>
        aAgent.call('contactListItemsCreate', {
          body: { contactListId: mine!.id, name: 'Agente', number: '5511988887777' },
        }),
    ])
      expect(await apiError(call)).toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION' });
    expect((await upload(aAgent, mine!.id, await workbook([['a', '11900008888']]))).status).toBe(
      403,
    );

    // Company A's admin and agent on B's list and item: not found (or refused), B unchanged.
    const before = await snapshotOf(bAdmin.user.companyId);
    const file = await workbook([
      ['Nome', 'Numero'],
      ['Intruso', '11900009999'],
    ]);
    for (const c of [aAdmin, aAgent]) {
      const admin = c === aAdmin;
      const attempts: [string, () => Promise<Response>, number][] = [
        ['GET list', () => c.raw('GET', `/contact-lists/${bList}`), 404],
        ['PUT list', () => c.raw('PUT', `/contact-lists/${bList}`, { name: 'Hacked' }), 404],
        ['DELETE list', () => c.raw('DELETE', `/contact-lists/${bList}`), 404],
        ['upload', () => upload(c, bList, file), admin ? 404 : 403],
        [
          'GET items',
          () => c.raw('GET', `/contact-list-items?contactListId=${bList}`),
          admin ? 404 : 403,
        ],
        ['GET item', () => c.raw('GET', `/contact-list-items/${bItem}`), admin ? 404 : 403],
        [
          'PUT item',
          () => c.raw('PUT', `/contact-list-items/${bItem}`, { name: 'Hacked' }),
          admin ? 404 : 403,
        ],
        ['DELETE item', () => c.raw('DELETE', `/contact-list-items/${bItem}`), admin ? 404 : 403],
        [
          'POST item',
          () =>
            c.raw('POST', '/contact-list-items', {
              contactListId: bList,
              name: 'Intruso',
              number: '5511900009999',
            }),
          admin ? 404 : 403,
        ],
      ];
      for (const [what, attempt, status] of attempts)
        expect((await attempt()).status, `${admin ? 'admin' : 'agent'} ${what}`).toBe(status);
    }
    expect(await snapshotOf(bAdmin.user.companyId)).toEqual(before);

    // Malformed ids and queries (bodies are swept by errors.test.ts).
    for (const [method, path] of [
      ['GET', '/contact-lists/abc'],
      ['GET', '/contact-lists?pageNumber=0'],
      ['GET', '/contact-list-items'],
      ['GET', '/contact-list-items?contactListId=abc'],
      ['GET', '/contact-list-items/1.5'],
      ['DELETE', '/contact-list-items/0'],
      ['DELETE', '/contact-lists/-3'],
      ['POST', '/contact-lists/abc/upload'],
    ] as const)
      expect((await aAdmin.raw(method, path)).status, `${method} ${path}`).toBe(400);

    // A plan without useCampaigns: lists and items refused, nothing written.
    const [plan] = await sql<{ id: number }>(
      t.databaseUrl,
      `INSERT INTO plans (name, amount, "useCampaigns") VALUES ('Sem listas', 0, false) RETURNING id`,
    );
    const [{ planId }] = (await sql<{ planId: number }>(
      t.databaseUrl,
      'SELECT "planId" FROM companies WHERE id = $1',
      [bAdmin.user.companyId],
    )) as [{ planId: number }];
    await sql(t.databaseUrl, 'UPDATE companies SET "planId" = $1 WHERE id = $2', [
      plan!.id,
      bAdmin.user.companyId,
    ]);
    try {
      for (const call of [
        () => bAdmin.call('contactListsIndex', { query: {} }),
        () => bAdmin.call('contactListsList', {}),
        () => bAdmin.call('contactListsCreate', { body: { name: 'Nova' } }),
        () => bAdmin.call('contactListsDelete', { params: { id: bList } }),
        () => bAdmin.call('contactListItemsIndex', { query: { contactListId: bList } }),
        () => bAdmin.call('contactListItemsDelete', { params: { id: bItem } }),
      ])
        expect(await apiError(call)).toMatchObject({
          status: 403,
          code: 'ERR_PLAN_FEATURE_DISABLED',
        });
      expect((await upload(bAdmin, bList, file)).status).toBe(403);
      expect(await snapshotOf(bAdmin.user.companyId)).toEqual(before);
    } finally {
      await sql(t.databaseUrl, 'UPDATE companies SET "planId" = $1 WHERE id = $2', [
        planId,
        bAdmin.user.companyId,
      ]);
    }
  });
});
