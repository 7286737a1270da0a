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
import { RecordingRuntime } from './support/recording-runtime.js';
import { sql } from './support/sql.js';
import { PNG_1X1, postFile } from './support/upload.js';

type Logged = TestClient & { user: { id: number; companyId: number } };

let t: TestApi;
let aAdmin: Logged;
let aAgent: Logged;
let bAdmin: Logged;
const runtime = new RecordingRuntime();
const A = { companyId: 0, queueId: 0, queue2Id: 0, whatsappId: 0, targetId: 0 };
const B = { companyId: 0, whatsappId: 0, ticketId: 0 };

const fields = (e: { body: unknown }) =>
  ((e.body as { fields?: { field: string }[] }).fields ?? []).map((f) => f.field);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
const dateOnly = (d: Date) => d.toISOString().slice(0, 10);

let contactSeq = 0;
/** A contact and a ticket of it, straight in the database (an import or inbound would). */
async function ticket(
  companyId: number,
  o: { whatsappId: number; status: string; imported?: boolean; name?: string; contactId?: number },
) {
  contactSeq++;
  const contactId =
    o.contactId ??
    (
      await sql<{ id: number }>(
        t.databaseUrl,
        `INSERT INTO contacts ("companyId", name, number) VALUES ($1, $2, $3) RETURNING id`,
        [
          companyId,
          o.name ?? `Contato ${contactSeq}`,
          `5511900000${String(contactSeq).padStart(3, '0')}`,
        ],
      )
    )[0]!.id;
  const [row] = await sql<{ id: number }>(
    t.databaseUrl,
    `INSERT INTO tickets ("companyId", "contactId", "whatsappId", status, protocol, imported, "lastMessage")
     VALUES ($1, $2, $3, $4, $5, $6, 'oi') RETURNING id`,
    [
      companyId,
      contactId,
      o.whatsappId,
      o.status,
      `P${companyId}-${contactSeq}-${Date.now()}`,
      o.imported ? new Date() : null,
    ],
  );
  return { id: row!.id, contactId };
}

async function connectionRow(id: number) {
  const [row] = await sql<Record<string, unknown>>(
    t.databaseUrl,
    `SELECT status, session, "greetingMediaAttachment", "statusImportMessages", "importOldMessages"
       FROM whatsapps WHERE id = $1`,
    [id],
  );
  return row!;
}

beforeAll(async () => {
  t = await startTestApi({}, { sessions: runtime });
  const su = await t.login(SUPER.email, SUPER.password);
  const company = await su.call('companiesCreate', {
    body: { name: 'Empresa B', email: 'admin@empresa-b.io', password: 'segredo1', planId: 1 },
  });
  B.companyId = company.id;
  bAdmin = await t.login('admin@empresa-b.io', 'segredo1');
  B.whatsappId = (await bAdmin.call('whatsappCreate', { body: { name: 'Conexão B' } })).id;
  await sql(
    t.databaseUrl,
    `UPDATE whatsapps SET "greetingMediaAttachment" = 'b.png', "statusImportMessages" = 'renderButtonCloseTickets' WHERE id = $1`,
    [B.whatsappId],
  );
  B.ticketId = (
    await ticket(B.companyId, { whatsappId: B.whatsappId, status: 'pending', imported: true })
  ).id;
  aAdmin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  aAgent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
  A.companyId = aAdmin.user.companyId;
  const queues = await aAdmin.call('queuesIndex');
  A.queueId = queues[0]!.id;
  A.queue2Id = queues[1]!.id;
  A.whatsappId = (await aAdmin.call('whatsappCreate', { body: { name: 'Principal' } })).id;
  A.targetId = (await aAdmin.call('whatsappCreate', { body: { name: 'Destino' } })).id;
});
afterAll(() => t?.close());

describe('connection modal rules (docs/product/connections.md#validation), each naming its field', () => {
  it('generates a 30-character alphanumeric token when none is sent', async () => {
    const w = await aAdmin.call('whatsappShow', { params: { id: A.whatsappId } });
    expect(w.token).toMatch(/^[A-Za-z0-9]{30}$/);
    const other = await aAdmin.call('whatsappShow', { params: { id: A.targetId } });
    expect(other.token).not.toBe(w.token);
  });

  it('serves GET /whatsapp-admin/:id with the token to administrators only, within the company', async () => {
    const w = await aAdmin.call('whatsappAdminShow', { params: { id: A.whatsappId } });
    expect(w).toMatchObject({ id: A.whatsappId, name: 'Principal' });
    expect(w.token).toMatch(/^[A-Za-z0-9]{30}$/);
    expect((await aAgent.raw('GET', `/whatsapp-admin/${A.whatsappId}`)).status).toBe(403);
    const theirs = await aAdmin.raw('GET', `/whatsapp-admin/${B.whatsappId}`);
    expect(theirs.status).toBe(404);
  });

  it.each([
    ['a short name', { name: 'X' }, ['name']],
    ['a redirect time without a queue', { timeSendQueue: 5 }, ['sendIdQueue']],
    ['a redirect queue without a time', { sendIdQueue: 'QUEUE' }, ['timeSendQueue']],
    [
      'a rating message without an NPS time',
      { ratingMessage: 'Nota de 0 a 10?' },
      ['expiresTicketNPS'],
    ],
    ['an inactivity message time without expiry', { timeInactiveMessage: 10 }, ['expiresTicket']],
    [
      'a vacation message without dates',
      { collectiveVacationMessage: 'Em férias coletivas' },
      ['collectiveVacationStart', 'collectiveVacationEnd'],
    ],
    [
      'vacation dates more than 10 days ago',
      {
        collectiveVacationMessage: 'Em férias',
        collectiveVacationStart: dateOnly(daysAgo(20)),
        collectiveVacationEnd: dateOnly(daysAgo(-5)),
      },
      ['collectiveVacationStart'],
    ],
    [
      'an import start more than 2 years ago',
      { importOldMessages: daysAgo(800).toISOString(), queueIdImportMessages: 'QUEUE' },
      ['importOldMessages'],
    ],
    [
      'an import end before its start',
      {
        importOldMessages: daysAgo(30).toISOString(),
        importRecentMessages: daysAgo(40).toISOString(),
        queueIdImportMessages: 'QUEUE',
      },
      ['importRecentMessages'],
    ],
    [
      'a weekday twice and a bad time',
      { schedules: [{ weekdayEn: 'monday', startTimeA: '8h' }, { weekdayEn: 'monday' }] },
      ['schedules.0.startTimeA', 'schedules.1.weekdayEn'],
    ],
    [
      'an import without its queue',
      { importOldMessages: daysAgo(30).toISOString() },
      ['queueIdImportMessages'],
    ],
  ])('refuses %s', async (_what, body, expected) => {
    const withQueue = JSON.parse(JSON.stringify(body).replace(/"QUEUE"/g, String(A.queueId)));
    const created = await apiError(() =>
      aAdmin.call('whatsappCreate', { body: { name: 'Regras', ...withQueue } }),
    );
    expect(created).toMatchObject({ status: 400, code: 'ERR_VALIDATION' });
    expect(fields(created).sort()).toEqual([...expected].sort());
    // An update is checked on the merged result too.
    const updated = await apiError(() =>
      aAdmin.call('whatsappUpdate', { params: { id: A.whatsappId }, body: withQueue }),
    );
    expect(fields(updated).sort()).toEqual([...expected].sort());
  });

  it('needs a greeting for a menu of more than one queue', async () => {
    const e = await apiError(() =>
      aAdmin.call('whatsappUpdate', {
        params: { id: A.whatsappId },
        body: { queueIds: [A.queueId, A.queue2Id], greetingMessage: '' },
      }),
    );
    expect(e).toMatchObject({ status: 400, code: 'ERR_WAPP_GREETING_REQUIRED' });
    const ok = await aAdmin.call('whatsappUpdate', {
      params: { id: A.whatsappId },
      body: {
        queueIds: [A.queueId, A.queue2Id],
        greetingMessage: 'Escolha',
        timeSendQueue: 5,
        sendIdQueue: A.queueId,
        ratingMessage: 'Avalie',
        expiresTicketNPS: 10,
        collectiveVacationMessage: 'Férias',
        collectiveVacationStart: dateOnly(daysAgo(3)),
        collectiveVacationEnd: dateOnly(daysAgo(-10)),
      },
    });
    expect(ok.queues?.map((q) => q.id).sort()).toEqual([A.queueId, A.queue2Id].sort());
  });

  it('enabling the import on a CONNECTED connection forces a disconnect (status qrcode, login forgotten)', async () => {
    await sql(
      t.databaseUrl,
      `UPDATE whatsapps SET status = 'CONNECTED', session = 'logged-in' WHERE id = $1`,
      [A.whatsappId],
    );
    runtime.calls.length = 0;
    const w = await aAdmin.call('whatsappUpdate', {
      params: { id: A.whatsappId },
      body: { importOldMessages: daysAgo(30).toISOString(), queueIdImportMessages: A.queueId },
    });
    expect(w.status).toBe('qrcode');
    expect(await connectionRow(A.whatsappId)).toMatchObject({ status: 'qrcode', session: null });
    expect(runtime.calls).toEqual([
      { op: 'stop', id: A.whatsappId, channel: 'whatsapp' },
      { op: 'start', id: A.whatsappId, channel: 'whatsapp' },
    ]);
    // Already importing: a later save disconnects nothing.
    await sql(t.databaseUrl, `UPDATE whatsapps SET status = 'CONNECTED' WHERE id = $1`, [
      A.whatsappId,
    ]);
    runtime.calls.length = 0;
    await aAdmin.call('whatsappUpdate', {
      params: { id: A.whatsappId },
      body: { name: 'Principal' },
    });
    expect(runtime.calls).toEqual([]);
    expect((await connectionRow(A.whatsappId)).status).toBe('CONNECTED');
  });
});

describe('greeting media (POST/DELETE /whatsapp/:id/media-upload)', () => {
  it('stores an image or video by content in the company storage, replaces and removes it', async () => {
    const res = await postFile(aAdmin, `/whatsapp/${A.whatsappId}/media-upload`, {
      field: 'file',
      name: 'saudacao.png',
      type: 'image/png',
      bytes: PNG_1X1,
    });
    expect(res.status).toBe(200);
    const first = (await res.json()) as { greetingMediaAttachment: string };
    expect(first.greetingMediaAttachment).toMatch(/^[0-9a-f]{32}\.png$/);
    const file = await aAdmin.raw(
      'GET',
      `/private/${A.companyId}/${first.greetingMediaAttachment}`,
    );
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('image/png');

    const mp4 = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom'),
      Buffer.alloc(16),
    ]);
    const video = await postFile(aAdmin, `/whatsapp/${A.whatsappId}/media-upload`, {
      field: 'file',
      name: 'video.mp4',
      type: 'video/mp4',
      bytes: mp4,
    });
    const second = (await video.json()) as { greetingMediaAttachment: string };
    expect(second.greetingMediaAttachment).toMatch(/\.mp4$/);
    // The replaced file is gone.
    expect(
      (await aAdmin.raw('GET', `/private/${A.companyId}/${first.greetingMediaAttachment}`)).status,
    ).toBe(404);

    // Deleting a connection removes its greeting media file too.
    const extra = await aAdmin.call('whatsappCreate', { body: { name: 'Temporária' } });
    const up = await postFile(aAdmin, `/whatsapp/${extra.id}/media-upload`, {
      field: 'file',
      name: 'a.png',
      type: 'image/png',
      bytes: PNG_1X1,
    });
    const extraMedia = ((await up.json()) as { greetingMediaAttachment: string })
      .greetingMediaAttachment;
    await aAdmin.call('whatsappDelete', { params: { id: extra.id } });
    expect((await aAdmin.raw('GET', `/private/${A.companyId}/${extraMedia}`)).status).toBe(404);

    const removed = await aAdmin.call('whatsappMediaDelete', { params: { id: A.whatsappId } });
    expect(removed.greetingMediaAttachment).toBeNull();
    expect(
      (await aAdmin.raw('GET', `/private/${A.companyId}/${second.greetingMediaAttachment}`)).status,
    ).toBe(404);
  });

  it('refuses content that is not an image or video, whatever it claims, and a missing part', async () => {
    const pdf = await postFile(aAdmin, `/whatsapp/${A.whatsappId}/media-upload`, {
      field: 'file',
      name: 'foto.png',
      type: 'image/png',
      bytes: '%PDF-1.4 not an image',
    });
    expect(pdf.status).toBe(400);
    expect(await pdf.json()).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: [{ field: 'file' }],
    });
    const wrongPart = await postFile(aAdmin, `/whatsapp/${A.whatsappId}/media-upload`, {
      field: 'other',
      name: 'a.png',
      type: 'image/png',
      bytes: PNG_1X1,
    });
    expect(wrongPart.status).toBe(400);
    expect((await connectionRow(A.whatsappId)).greetingMediaAttachment).toBeNull();
  });

  it('is refused to a user who may not manage connections', async () => {
    const res = await postFile(aAgent, `/whatsapp/${A.whatsappId}/media-upload`, {
      field: 'file',
      name: 'a.png',
      type: 'image/png',
      bytes: PNG_1X1,
    });
    expect(res.status).toBe(403);
    expect(
      await apiError(() => aAgent.call('whatsappMediaDelete', { params: { id: A.whatsappId } })),
    ).toMatchObject({ status: 403 });
  });
});

describe('POST /closedimported/:id', () => {
  it("closes only the connection's imported pending tickets and ends the import state", async () => {
    await sql(
      t.databaseUrl,
      `UPDATE whatsapps SET "statusImportMessages" = 'renderButtonCloseTickets' WHERE id = $1`,
      [A.whatsappId],
    );
    const imported = await ticket(A.companyId, {
      whatsappId: A.whatsappId,
      status: 'pending',
      imported: true,
    });
    const live = await ticket(A.companyId, { whatsappId: A.whatsappId, status: 'pending' });
    const openImported = await ticket(A.companyId, {
      whatsappId: A.whatsappId,
      status: 'open',
      imported: true,
    });
    const elsewhere = await ticket(A.companyId, {
      whatsappId: A.targetId,
      status: 'pending',
      imported: true,
    });
    expect(await aAdmin.call('closedImported', { params: { id: A.whatsappId } })).toEqual({
      message: '1 imported tickets closed',
    });
    const rows = await sql<{ id: number; status: string }>(
      t.databaseUrl,
      `SELECT id, status FROM tickets WHERE id = ANY($1::int[]) ORDER BY id`,
      [[imported.id, live.id, openImported.id, elsewhere.id]],
    );
    expect(rows.map((r) => r.status)).toEqual(['closed', 'pending', 'open', 'pending']);
    expect((await connectionRow(A.whatsappId)).statusImportMessages).toBeNull();
    const logs = await sql(t.databaseUrl, `SELECT type FROM logs_tickets WHERE "ticketId" = $1`, [
      imported.id,
    ]);
    expect(logs).toEqual([{ type: 'closed' }]);
    await sql(t.databaseUrl, `UPDATE tickets SET status = 'closed' WHERE id = ANY($1::int[])`, [
      [live.id, openImported.id, elsewhere.id],
    ]);
  });
});

describe('ticket migration', () => {
  it('lists the open and pending tickets of one connection, searched and paged (admins)', async () => {
    const mine = [
      await ticket(A.companyId, {
        whatsappId: A.whatsappId,
        status: 'pending',
        name: 'Maria Migrar',
      }),
      await ticket(A.companyId, { whatsappId: A.whatsappId, status: 'open', name: 'João Migrar' }),
    ];
    const closed = await ticket(A.companyId, {
      whatsappId: A.whatsappId,
      status: 'closed',
      name: 'Fechado Migrar',
    });
    await ticket(A.companyId, { whatsappId: A.targetId, status: 'pending', name: 'Outro Migrar' });
    const all = await aAdmin.call('ticketsMigrationList', {
      query: { whatsappId: A.whatsappId, status: 'open,pending', pageNumber: 1 },
    });
    expect(all.hasMore).toBe(false);
    expect(all.tickets.map((x) => x.id).sort()).toEqual(mine.map((m) => m.id).sort());
    expect(all.count).toBe(2);
    expect(all.tickets.every((x) => x.whatsappId === A.whatsappId)).toBe(true);
    expect(all.tickets.map((x) => x.id)).not.toContain(closed.id);
    const pending = await aAdmin.call('ticketsMigrationList', {
      query: { whatsappId: A.whatsappId, status: 'pending' },
    });
    expect(pending.tickets.map((x) => x.contact.name)).toEqual(['Maria Migrar']);
    const search = await aAdmin.call('ticketsMigrationList', {
      query: { whatsappId: A.whatsappId, searchParam: 'joão', showAll: 'true' },
    });
    expect(search.tickets).toHaveLength(1);
    expect(search.tickets[0]).toMatchObject({
      status: 'open',
      contact: { name: 'João Migrar' },
      user: null,
    });
    expect(
      await apiError(() =>
        aAgent.call('ticketsMigrationList', { query: { whatsappId: A.whatsappId } }),
      ),
    ).toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION' });
  });

  it('moves a ticket with PUT /tickets/:id, refusing a target that holds the contact (ERR_OTHER_OPEN_TICKET)', async () => {
    await sql(t.databaseUrl, `UPDATE whatsapps SET status = 'CONNECTED' WHERE id = $1`, [
      A.targetId,
    ]);
    const free = await ticket(A.companyId, {
      whatsappId: A.whatsappId,
      status: 'open',
      name: 'Livre',
    });
    const moved = await aAdmin.call('ticketsUpdate', {
      params: { id: free.id },
      body: { status: 'pending', userId: null, whatsappId: A.targetId, isTransfered: true },
    });
    expect(moved).toMatchObject({ status: 'pending', userId: null, whatsappId: A.targetId });
    const [row] = await sql(t.databaseUrl, `SELECT "isTransfered" FROM tickets WHERE id = $1`, [
      free.id,
    ]);
    expect(row).toEqual({ isTransfered: true });

    const held = await ticket(A.companyId, {
      whatsappId: A.whatsappId,
      status: 'pending',
      name: 'Duplo',
    });
    await ticket(A.companyId, {
      whatsappId: A.targetId,
      status: 'open',
      contactId: held.contactId,
    });
    const e = await apiError(() =>
      aAdmin.call('ticketsUpdate', {
        params: { id: held.id },
        body: { status: 'pending', userId: null, whatsappId: A.targetId, isTransfered: true },
      }),
    );
    expect(e).toMatchObject({ status: 409, code: 'ERR_OTHER_OPEN_TICKET' });
    const [still] = await sql(t.databaseUrl, `SELECT "whatsappId" FROM tickets WHERE id = $1`, [
      held.id,
    ]);
    expect(still).toEqual({ whatsappId: A.whatsappId });
  });
});

describe('the all-connections dialog (docs/product/connections.md#screens): a super admin adds a channel to any company', () => {
  it("creates B's connection in B when the super admin names B, and lists B's channels", async () => {
    const su = await t.login(SUPER.email, SUPER.password);
    const created = await su.call('whatsappCreate', {
      body: { name: 'Suporte B', companyId: B.companyId },
    });
    expect(created.companyId).toBe(B.companyId);
    const [row] = await sql<{ companyId: number }>(
      t.databaseUrl,
      `SELECT "companyId" FROM whatsapps WHERE id = $1`,
      [created.id],
    );
    expect(row!.companyId).toBe(B.companyId);
    // B's admin sees it as B's own; the super admin's dialog lists B's channels.
    const ofB = await bAdmin.call('whatsappIndex', { query: {} });
    expect(ofB.map((w) => w.name)).toContain('Suporte B');
    const listed = await su.call('whatsappIndex', { query: { companyId: B.companyId } });
    expect(listed.map((w) => w.name).sort()).toEqual(ofB.map((w) => w.name).sort());
    expect((await su.call('whatsappIndex', { query: {} })).map((w) => w.name)).not.toContain(
      'Suporte B',
    );
    await bAdmin.call('whatsappDelete', { params: { id: created.id } });
  });

  it('answers ERR_NO_COMPANY_FOUND for a company that does not exist, creating nothing', async () => {
    const su = await t.login(SUPER.email, SUPER.password);
    const count = async () =>
      (await sql<{ n: number }>(t.databaseUrl, `SELECT count(*)::int AS n FROM whatsapps`))[0]!.n;
    const before = await count();
    expect(
      await apiError(() =>
        su.call('whatsappCreate', { body: { name: 'Fantasma', companyId: 999_999 } }),
      ),
    ).toMatchObject({ status: 404, body: { error: 'ERR_NO_COMPANY_FOUND' } });
    expect(await count()).toBe(before);
  });
});

describe('company A against company B', () => {
  it('cannot create a connection or connect Facebook pages in B by naming it', async () => {
    const before = await sql(
      t.databaseUrl,
      `SELECT id, name FROM whatsapps WHERE "companyId" = $1 ORDER BY id`,
      [B.companyId],
    );
    for (const c of [aAdmin, aAgent]) {
      const create = await c.raw('POST', '/whatsapp', { name: 'Intrusa', companyId: B.companyId });
      expect(create.status).toBe(403);
      expect(await create.json()).toMatchObject({ error: 'ERR_NO_PERMISSION' });
      const facebook = await c.raw('POST', '/facebook', {
        facebookUserId: '123',
        facebookUserToken: 'token',
        companyId: B.companyId,
      });
      expect(facebook.status).toBe(403);
    }
    expect(
      await sql(
        t.databaseUrl,
        `SELECT id, name FROM whatsapps WHERE "companyId" = $1 ORDER BY id`,
        [B.companyId],
      ),
    ).toEqual(before);
    // Naming their own company is the same as naming none.
    const own = await aAdmin.call('whatsappCreate', {
      body: { name: 'Própria', companyId: A.companyId },
    });
    expect(own.companyId).toBe(A.companyId);
    await aAdmin.call('whatsappDelete', { params: { id: own.id } });
  });

  it("cannot touch B's connection through these routes, and B stays as it was", async () => {
    const snapshot = async () => ({
      whatsapp: await connectionRow(B.whatsappId),
      tickets: await sql(
        t.databaseUrl,
        `SELECT id, status, "whatsappId" FROM tickets WHERE "companyId" = $1 ORDER BY id`,
        [B.companyId],
      ),
    });
    const before = await snapshot();
    for (const c of [aAdmin, aAgent]) {
      const upload = await postFile(c, `/whatsapp/${B.whatsappId}/media-upload`, {
        field: 'file',
        name: 'a.png',
        type: 'image/png',
        bytes: PNG_1X1,
      });
      expect([403, 404]).toContain(upload.status);
      for (const call of [
        () => c.call('whatsappMediaDelete', { params: { id: B.whatsappId } }),
        () => c.call('closedImported', { params: { id: B.whatsappId } }),
        () => c.call('ticketsMigrationList', { query: { whatsappId: B.whatsappId } }),
        () =>
          c.call('ticketsUpdate', {
            params: { id: B.ticketId },
            body: { status: 'pending', userId: null, whatsappId: A.targetId, isTransfered: true },
          }),
      ])
        expect([403, 404]).toContain((await apiError(call)).status);
    }
    // Migrating one of A's tickets to B's connection finds no such connection.
    const mine = await ticket(A.companyId, { whatsappId: A.whatsappId, status: 'pending' });
    expect(
      await apiError(() =>
        aAdmin.call('ticketsUpdate', {
          params: { id: mine.id },
          body: { status: 'pending', userId: null, whatsappId: B.whatsappId, isTransfered: true },
        }),
      ),
    ).toMatchObject({ status: 404 });
    expect(await snapshot()).toEqual(before);
  });
});

describe('malformed input', () => {
  it.each([
    ['GET', '/tickets-migration/list'],
    ['GET', '/tickets-migration/list?whatsappId=abc'],
    ['GET', '/tickets-migration/list?whatsappId=1&status=closed'],
    ['GET', '/tickets-migration/list?whatsappId=1&pageNumber=0'],
    ['POST', '/closedimported/abc'],
    ['DELETE', '/whatsapp/0/media-upload'],
    ['POST', '/whatsapp', { name: 'X', companyId: 'B' }],
    ['POST', '/whatsapp', { name: 'X', companyId: 0 }],
    ['POST', '/whatsapp', { name: 'X', companyId: 1.5 }],
    ['POST', '/facebook', { facebookUserId: '1', facebookUserToken: 't', companyId: -1 }],
  ] as const)('%s %s is 400 ERR_VALIDATION', async (method, path, body?: object) => {
    const res = await aAdmin.raw(method, path, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'ERR_VALIDATION' });
  });

  it('POST /whatsapp/abc/media-upload is 400', async () => {
    const res = await postFile(aAdmin, '/whatsapp/abc/media-upload', {
      field: 'file',
      name: 'a.png',
      type: 'image/png',
      bytes: PNG_1X1,
    });
    expect(res.status).toBe(400);
  });
});
