import ExcelJS from 'exceljs';
import { io, type Socket } from 'socket.io-client';
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

type Logged = TestClient & { user: { id: number; companyId: number } };

let t: TestApi;
let admin: Logged;
let agent: Logged;
let bAdmin: Logged;
const B = { companyId: 0, contactId: 0, number: '5521988887777', whatsappId: 0 };

beforeAll(async () => {
  t = await startTestApi();
  const su = await t.login(SUPER.email, SUPER.password);
  const company = await su.call('companiesCreate', {
    body: { name: 'Contatos B', email: 'admin@contatos-b.io', password: 'segredo1', planId: 1 },
  });
  B.companyId = company.id;
  bAdmin = await t.login('admin@contatos-b.io', 'segredo1');
  admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  agent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
  const contact = await bAdmin.call('contactsCreate', {
    body: { name: 'Cliente da B', number: B.number, email: 'b@cliente.io' },
  });
  B.contactId = contact.id;
  const [conn] = await sql<{ id: number }>(
    t.databaseUrl,
    `INSERT INTO whatsapps ("companyId", name) VALUES ($1, 'Conexão B') RETURNING id`,
    [B.companyId],
  );
  B.whatsappId = conn!.id;
});
afterAll(() => t?.close());

/** B's contact rows (with tags and extra info), for before/after comparisons. */
const snapshotOfB = async () => ({
  contacts: await sql(
    t.databaseUrl,
    `SELECT id, name, number, email, active, "disableBot", "whatsappId", "updatedAt"::text
       FROM contacts WHERE "companyId" = $1 ORDER BY id`,
    [B.companyId],
  ),
  extra: await sql(
    t.databaseUrl,
    `SELECT id, "contactId", name, value FROM contact_custom_fields WHERE "companyId" = $1`,
    [B.companyId],
  ),
});

async function xlsx(rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Planilha');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const upload = (c: TestClient, bytes: Buffer | string, name = 'contatos.xlsx', field = 'file') =>
  postFile(c, '/contacts/upload', {
    field,
    name,
    type: 'application/octet-stream',
    bytes,
  });

describe('contact rules (docs/product/contacts.md#validation)', () => {
  it('creates a contact with its number normalised and extra info', async () => {
    const c = await admin.call('contactsCreate', {
      body: {
        name: '  Maria Souza ',
        number: '11987654321',
        email: 'maria@cliente.io',
        extraInfo: [{ name: 'CPF', value: '123' }],
      },
    });
    expect(c).toMatchObject({
      name: 'Maria Souza',
      number: '5511987654321',
      email: 'maria@cliente.io',
      active: true,
      channel: 'whatsapp',
      tags: [],
      extraInfo: [{ name: 'CPF', value: '123' }],
    });
    // Without a number or with an empty email, several contacts may exist.
    await admin.call('contactsCreate', { body: { name: 'Sem número', email: '' } });
    await admin.call('contactsCreate', { body: { name: 'Sem número 2', number: '' } });
  });

  it('refuses each invalid field with the spec message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'name', 'Required'],
      [{ name: 'A' }, 'name', 'Too Short!'],
      [{ name: 'x'.repeat(251) }, 'name', 'Too Long!'],
      [
        { name: 'Ana', number: '11 9876-5432' },
        'number',
        'Invalid number format. Only numbers are allowed.',
      ],
      [
        { name: 'Ana', number: '1234567' },
        'number',
        'Invalid number format. Only numbers are allowed.',
      ],
      [
        { name: 'Ana', number: '1'.repeat(51) },
        'number',
        'Invalid number format. Only numbers are allowed.',
      ],
      [{ name: 'Ana', email: 'not-an-email' }, 'email', 'Invalid email'],
    ];
    for (const [body, field, message] of cases) {
      const res = await admin.raw('POST', '/contacts', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({
        error: 'ERR_VALIDATION',
        fields: [{ field, message }],
      });
    }
    // 250 characters and 8 or 50 digits are fine.
    await admin.call('contactsCreate', { body: { name: 'y'.repeat(250), number: '12345678' } });
    await admin.call('contactsCreate', { body: { name: 'Longo', number: '9'.repeat(50) } });
  });

  it('refuses a duplicated number on the same channel, typed or normalised', async () => {
    for (const number of ['5511987654321', '11987654321']) {
      const e = await apiError(() =>
        admin.call('contactsCreate', { body: { name: 'Outra Maria', number } }),
      );
      expect(e).toMatchObject({ status: 409, code: 'ERR_DUPLICATED_CONTACT' });
    }
    // The same number on another channel is another contact.
    await admin.call('contactsCreate', {
      body: { name: 'Maria no Instagram', number: '5511987654321', channel: 'instagram' },
    });
    // Concurrent creates of one number: one wins, the other is a duplicate, never a 500.
    const results = await Promise.allSettled(
      [1, 2, 3].map(() =>
        admin.call('contactsCreate', { body: { name: 'Corrida', number: '5531977776666' } }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        status: 409,
        code: 'ERR_DUPLICATED_CONTACT',
      });
  });

  it('updates fields and replaces the extra info list', async () => {
    const c = await admin.call('contactsCreate', {
      body: {
        name: 'Editável',
        number: '5541999990000',
        extraInfo: [
          { name: 'a', value: '1' },
          { name: 'b', value: '2' },
        ],
      },
    });
    const [a] = c.extraInfo;
    const u = await admin.call('contactsUpdate', {
      params: { id: c.id },
      body: {
        name: 'Editado',
        email: 'e@x.io',
        extraInfo: [
          { id: a!.id, name: 'a', value: '10' },
          { name: 'c', value: '3' },
        ],
      },
    });
    expect(u.name).toBe('Editado');
    expect(u.number).toBe('5541999990000');
    expect(u.extraInfo.map((e) => [e.name, e.value])).toEqual([
      ['a', '10'],
      ['c', '3'],
    ]);
    expect(u.extraInfo[0]!.id).toBe(a!.id);
    // Another contact's number is refused on update too.
    const e = await apiError(() =>
      admin.call('contactsUpdate', { params: { id: c.id }, body: { number: '5511987654321' } }),
    );
    expect(e).toMatchObject({ status: 409, code: 'ERR_DUPLICATED_CONTACT' });
    const shown = await agent.call('contactsShow', { params: { id: c.id } });
    expect(shown).toMatchObject({ name: 'Editado', email: 'e@x.io' });
  });

  it('blocks, unblocks and toggles the bot', async () => {
    const c = await agent.call('contactsCreate', {
      body: { name: 'Bloqueável', number: '5551988880000' },
    });
    expect(
      (await agent.call('contactsBlock', { params: { id: c.id }, body: { active: false } })).active,
    ).toBe(false);
    expect(
      (await agent.call('contactsBlock', { params: { id: c.id }, body: { active: true } })).active,
    ).toBe(true);
    expect(
      (await agent.call('contactsToggleDisableBot', { params: { id: c.id } })).disableBot,
    ).toBe(true);
    expect(
      (await agent.call('contactsToggleDisableBot', { params: { id: c.id } })).disableBot,
    ).toBe(false);
  });

  it('deletes with contacts-page:deleteContact only', async () => {
    const c = await agent.call('contactsCreate', {
      body: { name: 'Apagável', number: '5561988880000' },
    });
    expect(
      await apiError(() => agent.call('contactsDelete', { params: { id: c.id } })),
    ).toMatchObject({
      status: 403,
      code: 'ERR_NO_PERMISSION',
    });
    await admin.call('contactsDelete', { params: { id: c.id } });
    expect(
      await apiError(() => admin.call('contactsShow', { params: { id: c.id } })),
    ).toMatchObject({
      status: 404,
      code: 'ERR_NO_CONTACT_FOUND',
    });
    expect(
      await apiError(() => admin.call('contactsDelete', { params: { id: c.id } })),
    ).toMatchObject({
      status: 404,
    });
  });

  it('finds a contact by number without a connected session (stored data), else ERR_NO_CONTACT_FOUND', async () => {
    const maria = await agent.call('contactsProfile', { params: { number: '5511987654321' } });
    expect(maria).toMatchObject({ source: 'stored', contact: { name: 'Maria Souza' } });
    expect(maria.contactId).toBe(maria.contact!.id);
    expect(
      await agent.call('contactsProfile', { params: { number: '11987654321' } }),
    ).toMatchObject({
      contact: { name: 'Maria Souza' },
    });
    expect(
      await apiError(() => agent.call('contactsProfile', { params: { number: '5599000000000' } })),
    ).toMatchObject({ status: 404, code: 'ERR_NO_CONTACT_FOUND' });
  });

  it('refuses a connection of another company', async () => {
    const e = await apiError(() =>
      admin.call('contactsCreate', { body: { name: 'Com conexão', whatsappId: B.whatsappId } }),
    );
    expect(e).toMatchObject({ status: 404, code: 'ERR_NO_WAPP_FOUND' });
  });
});

describe('spreadsheet import and export', () => {
  it('reads a real xlsx file and imports the mapped rows with a report', async () => {
    const file = await xlsx([
      ['Nome', 'Telefone', 'E-mail', 'Etiquetas'],
      ['Importado Um', 5511911112222, 'um@x.io', 'VIP, Atacado'],
      ['Importado Dois', '+55 (11) 91111-3333', null, 'VIP'],
      ['Sem Número', null, 'x@x.io', null],
      [null, '5511911114444', null, null],
      ['Duplicado', '5511987654321', null, null],
      ['Número ruim', 'abc', null, null],
      ['E-mail ruim', '5511911115555', 'nope', null],
    ]);
    const res = await upload(agent, file);
    expect(res.status).toBe(200);
    const parsed = (await res.json()) as { columns: string[]; rows: (string | null)[][] };
    expect(parsed.columns).toEqual(['Nome', 'Telefone', 'E-mail', 'Etiquetas']);
    expect(parsed.rows).toHaveLength(7);
    expect(parsed.rows[0]).toEqual(['Importado Um', '5511911112222', 'um@x.io', 'VIP, Atacado']);

    const report = await agent.call('contactsImportRows', {
      body: { rows: parsed.rows, mapping: { name: 0, number: 1, email: 2, tags: 3 } },
    });
    expect(report.created).toBe(2);
    expect(report.skipped).toBe(2);
    expect(report.failed).toEqual([
      { row: 5, reason: 'ERR_DUPLICATED_CONTACT' },
      { row: 6, reason: 'number: Invalid number format. Only numbers are allowed.' },
      { row: 7, reason: 'email: Invalid email' },
    ]);
    const one = await agent.call('contactsIndex', { query: { searchParam: 'Importado Um' } });
    expect(one.contacts[0]).toMatchObject({ number: '5511911112222', email: 'um@x.io' });
    expect(one.contacts[0]!.tags.map((tag) => tag.name)).toEqual(['Atacado', 'VIP']);
  });

  it('reads csv and txt files separated by semicolons or commas', async () => {
    const csv = await upload(agent, 'nome;numero\nCSV Um;5511922221111\n', 'c.csv');
    expect(await csv.json()).toMatchObject({
      columns: ['nome', 'numero'],
      rows: [['CSV Um', '5511922221111']],
    });
    const txt = await upload(agent, 'name,number\r\nTXT Um,05511922221112\r\n', 'c.txt');
    expect(await txt.json()).toMatchObject({ rows: [['TXT Um', '05511922221112']] });
  });

  it("answers a file that is no spreadsheet with ERR_INVALID_FILE ('Arquivo inválido!')", async () => {
    for (const [bytes, name] of [
      [PNG_1X1, 'a.xlsx'],
      [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]), 'old.xls'],
      [Buffer.from('PK\u0003\u0004garbage-not-a-zip'), 'broken.xlsx'],
      [Buffer.from([0xff, 0xfe, 0x00, 0x41]), 'utf16.csv'],
      ['', 'empty.csv'],
    ] as const) {
      const res = await upload(agent, bytes as Buffer | string, name);
      expect(res.status, name).toBe(400);
      expect(await res.json(), name).toEqual({ error: 'ERR_INVALID_FILE' });
    }
  });

  it('answers a malformed multipart body with 400', async () => {
    const wrongField = await upload(agent, 'a;b\n1;2\n', 'c.csv', 'other');
    expect(wrongField.status).toBe(400);
    expect(await wrongField.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    const broken = await agent.raw('POST', '/contacts/upload', '--x\r\nnot a part', {
      'Content-Type': 'multipart/form-data; boundary=x',
    });
    expect(broken.status).toBe(400);
    const none = await agent.raw('POST', '/contacts/upload', {});
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ error: 'ERR_INVALID_FILE' });
    const anonymous = await upload(t.client(), 'a;b\n1;2\n', 'c.csv');
    expect(anonymous.status).toBe(401);
  });

  it('refuses a mapping that uses a column twice or misses name or number', async () => {
    for (const mapping of [{ name: 0, number: 0 }, { name: 0, number: 1, email: 1 }, { name: 0 }]) {
      const res = await agent.raw('POST', '/contacts/import', { rows: [['a', '1']], mapping });
      expect(res.status, JSON.stringify(mapping)).toBe(400);
    }
  });

  it('imports one row through /contactsImport (200 = created)', async () => {
    const c = await agent.call('contactsImportOne', {
      body: {
        name: 'Linha Única',
        number: '5511933334444',
        email: '',
        tags: 'Lote',
        validateContact: 'false',
      },
    });
    expect(c).toMatchObject({ name: 'Linha Única', tags: [{ name: 'Lote' }] });
    const invalid = await agent.raw('POST', '/contactsImport', {
      name: 'Inválido',
      number: '12345678',
      validateContact: 'true',
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ error: 'ERR_WAPP_INVALID_CONTACT' });
    const noName = await agent.raw('POST', '/contactsImport', { number: '5511933334445' });
    expect(noName.status).toBe(400);
  });

  it('says importing from the phone needs a connected session', async () => {
    const res = await admin.raw('POST', '/contacts/import/chats');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'ERR_WAPP_NOT_INITIALIZED' });
  });

  it('exports every contact of the company as xlsx', async () => {
    const res = await admin.raw('GET', '/contacts/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/spreadsheetml/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const values = wb.worksheets[0]!.getSheetValues() as unknown[][];
    expect(values[1]!.slice(1, 5)).toEqual(['name', 'number', 'email', 'tags']);
    const maria = values.find((r) => r?.[1] === 'Maria Souza');
    expect(maria?.[2]).toBe('5511987654321');
    expect(values.some((r) => r?.[1] === 'Cliente da B')).toBe(false);
  });
});

describe('the contact list', () => {
  it('pages by 20 with count and hasMore', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => [
      `Lote ${String(i).padStart(2, '0')}`,
      `55119444400${String(i).padStart(2, '0')}`,
    ]);
    const report = await admin.call('contactsImportRows', {
      body: { rows, mapping: { name: 0, number: 1 } },
    });
    expect(report.created).toBe(25);
    const first = await admin.call('contactsIndex', { query: { searchParam: 'lote ' } });
    expect(first).toMatchObject({ count: 25, hasMore: true });
    expect(first.contacts).toHaveLength(20);
    const second = await admin.call('contactsIndex', {
      query: { searchParam: 'lote ', pageNumber: 2 },
    });
    expect(second).toMatchObject({ count: 25, hasMore: false });
    expect(second.contacts.map((c) => c.name)).toEqual([
      'Lote 20',
      'Lote 21',
      'Lote 22',
      'Lote 23',
      'Lote 24',
    ]);
  });

  it('searches name, number and email and filters by tags, channel and kind', async () => {
    const byNumber = await admin.call('contactsIndex', { query: { searchParam: '98765' } });
    expect(byNumber.contacts.map((c) => c.name)).toContain('Maria Souza');
    const byEmail = await admin.call('contactsIndex', { query: { searchParam: 'MARIA@cliente' } });
    expect(byEmail.contacts.map((c) => c.name)).toEqual(['Maria Souza']);
    const wildcard = await admin.call('contactsIndex', { query: { searchParam: '%' } });
    expect(wildcard.count).toBe(0);
    const vip = (
      await admin.call('contactsIndex', { query: { searchParam: 'Importado Um' } })
    ).contacts[0]!.tags.find((tag) => tag.name === 'VIP')!;
    const atacado = (
      await admin.call('contactsIndex', { query: { searchParam: 'Importado Um' } })
    ).contacts[0]!.tags.find((tag) => tag.name === 'Atacado')!;
    const tagged = await admin.call('contactsIndex', {
      query: { contactTag: JSON.stringify([vip.id]) },
    });
    expect(tagged.contacts.map((c) => c.name)).toEqual(['Importado Dois', 'Importado Um']);
    const both = await admin.raw(
      'GET',
      `/contacts?contactTag=${encodeURIComponent(JSON.stringify([vip.id, atacado.id]))}`,
    );
    expect(
      ((await both.json()) as { contacts: { name: string }[] }).contacts.map((c) => c.name),
    ).toEqual(['Importado Um']);
    const insta = await admin.call('contactsIndex', { query: { channel: 'instagram' } });
    expect(insta.contacts.map((c) => c.name)).toEqual(['Maria no Instagram']);
    const groups = await admin.raw('GET', '/contacts?isGroup=true');
    expect(await groups.json()).toMatchObject({ count: 0 });
  });

  it('lists every contact short through /contacts/list', async () => {
    const list = await agent.call('contactsList');
    expect(list.find((c) => c.name === 'Maria Souza')).toEqual({
      id: expect.any(Number),
      name: 'Maria Souza',
      channel: 'whatsapp',
      number: '5511987654321',
    });
    expect(list.some((c) => c.name === 'Cliente da B')).toBe(false);
  });

  it('answers junk query strings and ids with 400, never 500', async () => {
    for (const q of [
      'contactTag=notjson',
      'contactTag=%5B1%2C%22x%22%5D',
      'contactTag=%7B%7D',
      'contactTag=1',
      'isGroup=maybe',
      'channel=telegram',
      'pageNumber=abc',
      'pageNumber=0',
    ]) {
      const res = await admin.raw('GET', `/contacts?${q}`);
      expect(res.status, q).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    }
    for (const p of [
      '/contacts/abc',
      '/contacts/0',
      '/contacts/profile/12ab',
      '/contacts/99999999999',
    ]) {
      expect((await admin.raw('GET', p)).status, p).toBe(400);
    }
    for (const [m, p] of [
      ['PUT', '/contacts/block/abc'],
      ['PUT', '/contacts/toggleDisableBot/-1'],
      ['DELETE', '/contacts/1.5'],
    ] as const) {
      expect((await admin.raw(m, p, { active: true })).status, p).toBe(400);
    }
    expect(
      (await admin.raw('PUT', `/contacts/block/${B.contactId}`, { active: 'no' })).status,
    ).toBe(400);
  });
});

describe('LGPD number masking (docs/product/contacts.md#permissions)', () => {
  it('masks numbers for profile users when LGPD and hide-number are enabled', async () => {
    await admin.call('settingsUpdate', {
      params: { key: 'enableLGPD' },
      body: { value: 'enabled' },
    });
    await admin.call('settingsUpdate', {
      params: { key: 'lgpdHideNumber' },
      body: { value: 'enabled' },
    });
    try {
      const forAgent = await agent.call('contactsIndex', { query: { searchParam: 'Maria Souza' } });
      expect(forAgent.contacts[0]!.number).toBe('*********4321');
      const id = forAgent.contacts[0]!.id;
      expect((await agent.call('contactsShow', { params: { id } })).number).toBe('*********4321');
      expect((await agent.call('contactsList')).find((c) => c.id === id)!.number).toBe(
        '*********4321',
      );
      // Searching by number would reveal the digits one by one.
      expect((await agent.call('contactsIndex', { query: { searchParam: '98765' } })).count).toBe(
        0,
      );
      const res = await agent.raw('GET', '/contacts/export');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await res.arrayBuffer());
      const values = wb.worksheets[0]!.getSheetValues() as unknown[][];
      expect(values.find((r) => r?.[1] === 'Maria Souza')?.[2]).toBe('*********4321');
      // Admins see the number.
      expect((await admin.call('contactsShow', { params: { id } })).number).toBe('5511987654321');
    } finally {
      await admin.call('settingsUpdate', {
        params: { key: 'lgpdHideNumber' },
        body: { value: 'disabled' },
      });
    }
    const after = await agent.call('contactsIndex', { query: { searchParam: 'Maria Souza' } });
    expect(after.contacts[0]!.number).toBe('5511987654321');
  });
});

describe('realtime', () => {
  const sockets: Socket[] = [];
  afterAll(() => sockets.forEach((s) => s.disconnect()));

  function connect(c: Logged): Promise<{ seen: unknown[] }> {
    return new Promise((resolve, reject) => {
      const s = io(`${t.url}/${c.user.companyId}`, {
        auth: { token: c.token },
        query: { userId: String(c.user.id) },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(s);
      const seen: unknown[] = [];
      s.on(`company-${c.user.companyId}-contact`, (p: unknown) => seen.push(p));
      s.once('connect', () => resolve({ seen }));
      s.once('connect_error', reject);
    });
  }

  async function until(check: () => boolean): Promise<void> {
    const end = Date.now() + 5000;
    while (!check()) {
      if (Date.now() > end) throw new Error('event not received');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('pushes create, update and delete to the company, masked for users under LGPD', async () => {
    const a = await connect(admin);
    const u = await connect(agent);
    const b = await connect(bAdmin);
    const c = await admin.call('contactsCreate', {
      body: { name: 'Ao Vivo', number: '5511955556666' },
    });
    await until(() => a.seen.length >= 1 && u.seen.length >= 1);
    expect(a.seen[0]).toMatchObject({
      action: 'create',
      contact: { id: c.id, number: '5511955556666' },
    });
    await admin.call('settingsUpdate', {
      params: { key: 'lgpdHideNumber' },
      body: { value: 'enabled' },
    });
    await admin.call('contactsUpdate', { params: { id: c.id }, body: { name: 'Ao Vivo 2' } });
    await until(() => a.seen.length >= 2 && u.seen.length >= 2);
    expect(a.seen[1]).toMatchObject({
      action: 'update',
      contact: { name: 'Ao Vivo 2', number: '5511955556666' },
    });
    expect(u.seen[1]).toMatchObject({ action: 'update', contact: { number: '*********6666' } });
    await admin.call('settingsUpdate', {
      params: { key: 'lgpdHideNumber' },
      body: { value: 'disabled' },
    });
    await admin.call('contactsDelete', { params: { id: c.id } });
    await until(() => u.seen.length >= 3);
    expect(u.seen[2]).toEqual({ action: 'delete', contactId: c.id });
    expect(b.seen).toEqual([]);
  });
});

describe('tenancy: company A acting on company B’s contacts', () => {
  const attempts = (): [string, (c: TestClient) => Promise<Response>][] => [
    ['GET /contacts/:idOfB', (c) => c.raw('GET', `/contacts/${B.contactId}`)],
    [
      'PUT /contacts/:idOfB',
      (c) => c.raw('PUT', `/contacts/${B.contactId}`, { name: 'Hacked', extraInfo: [] }),
    ],
    ['DELETE /contacts/:idOfB', (c) => c.raw('DELETE', `/contacts/${B.contactId}`)],
    [
      'PUT /contacts/block/:idOfB',
      (c) => c.raw('PUT', `/contacts/block/${B.contactId}`, { active: false }),
    ],
    [
      'PUT /contacts/toggleDisableBot/:idOfB',
      (c) => c.raw('PUT', `/contacts/toggleDisableBot/${B.contactId}`),
    ],
    ['GET /contacts/profile/:numberOfB', (c) => c.raw('GET', `/contacts/profile/${B.number}`)],
  ];

  it.each([
    ['admin', () => admin],
    ['agent', () => agent],
  ])('A’s %s gets 403/404 and B is unchanged', async (_who, who) => {
    const before = await snapshotOfB();
    for (const [what, send] of attempts()) {
      const res = await send(who());
      expect([403, 404], what).toContain(res.status);
      expect(typeof ((await res.json()) as { error: unknown }).error, what).toBe('string');
    }
    // Lists, the short list, the export and the import never reach B.
    const list = await who().call('contactsIndex', { query: { searchParam: 'Cliente da B' } });
    expect(list.count).toBe(0);
    expect(await snapshotOfB()).toEqual(before);
  });

  it('B still sees its contact as it was; an import of its number by A stays in A', async () => {
    const before = await snapshotOfB();
    await admin.call('contactsImportRows', {
      body: { rows: [['Cliente da B', B.number]], mapping: { name: 0, number: 1 } },
    });
    expect(await snapshotOfB()).toEqual(before);
    expect(await bAdmin.call('contactsShow', { params: { id: B.contactId } })).toMatchObject({
      name: 'Cliente da B',
      active: true,
      disableBot: false,
    });
  });
});
