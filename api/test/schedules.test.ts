import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProcessGateway } from '@atendo/domain/processes';
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

/** Records what the api asks of Temporal (the worker's side is tested in workflows/). */
class RecordingGateway implements ProcessGateway {
  readonly calls: { op: string; workflowId: string; args?: unknown[]; restart?: boolean }[] = [];
  async start(_name: string, workflowId: string, args: unknown[], o?: { restart?: boolean }) {
    this.calls.push({ op: 'start', workflowId, args, restart: o?.restart });
    return true;
  }
  async signal() {
    return false;
  }
  async signalWithStart() {
    return false;
  }
  async query<T>(): Promise<T | undefined> {
    return undefined;
  }
  async cancel(workflowId: string) {
    this.calls.push({ op: 'cancel', workflowId });
    return true;
  }
  async close() {}
}

const processes = new RecordingGateway();
let t: TestApi;
let aAdmin: Logged;
let aAgent: Logged;
let aAgent2: Logged;
let bAdmin: Logged;
const a = { contact: 0, whatsapp: 0, queue: 0 };
const b = { contact: 0, whatsapp: 0, queue: 0, schedule: 0 };
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

const rowsOf = (companyId: number) =>
  sql(
    t.databaseUrl,
    `SELECT id, body, "sendAt", "contactId", "whatsappId", "userId", "mediaPath", status, "sentAt"
       FROM scheduled_messages WHERE "companyId" = $1 ORDER BY id`,
    [companyId],
  );

async function seed(c: Logged, name: string) {
  const contact = await c.call('contactsCreate', {
    body: { name, number: `55119${Date.now() % 1e8}` },
  });
  const queue = await c.call('queuesCreate', {
    body: { name: `Fila ${name}`, color: `#${String(contact.id).padStart(6, '1')}` },
  });
  const [w] = await sql<{ id: number }>(
    t.databaseUrl,
    `INSERT INTO whatsapps ("companyId", name, status) VALUES ($1, $2, 'CONNECTED') RETURNING id`,
    [c.user.companyId, `Conexão ${name}`],
  );
  return { contact: contact.id, queue: queue.id, whatsapp: w!.id };
}

beforeAll(async () => {
  t = await startTestApi({ LOGIN_RATE_LIMIT: '1000' }, { processes });
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
  Object.assign(a, await seed(aAdmin, 'Maria'));
  Object.assign(b, await seed(bAdmin, 'Bruno'));
  b.schedule = (
    await bAdmin.call('schedulesCreate', {
      body: { body: 'Da empresa B', contactId: b.contact, sendAt: inAnHour() },
    })
  ).id;
}, 60_000);
afterAll(() => t?.close());

describe('schedules', () => {
  it('creates with the defaults, validates, lists, updates and deletes, driving the workflow', async () => {
    const sendAt = inAnHour();
    const s = await aAdmin.call('schedulesCreate', {
      body: { body: 'Lembrete', contactId: a.contact, sendAt },
    });
    expect(s).toMatchObject({
      body: 'Lembrete',
      sendAt: new Date(sendAt).toISOString(),
      status: 'PENDENTE',
      intervalo: 1,
      valorIntervalo: 0,
      enviarQuantasVezes: 1,
      tipoDias: 4,
      openTicket: 'disabled',
      statusTicket: 'closed',
      assinar: false,
      sentAt: null,
      userId: aAdmin.user.id,
      contact: { id: a.contact, name: 'Maria' },
      user: { id: aAdmin.user.id },
      whatsapp: null,
    });
    expect(processes.calls.at(-1)).toEqual({
      op: 'start',
      workflowId: `schedule-${s.id}`,
      args: [{ companyId: aAdmin.user.companyId, scheduleId: s.id }],
      restart: undefined,
    });

    for (const [body, field] of [
      [{ body: ' ', contactId: a.contact, sendAt }, 'body'],
      [{ body: 'x', sendAt }, 'contactId'],
      [{ body: 'x', contactId: a.contact, sendAt: 'amanhã' }, 'sendAt'],
      [{ body: 'x', contactId: a.contact, sendAt, intervalo: 7 }, 'intervalo'],
      [{ body: 'x', contactId: a.contact, sendAt, tipoDias: 3 }, 'tipoDias'],
      [{ body: 'x', contactId: a.contact, sendAt, enviarQuantasVezes: 3 }, 'valorIntervalo'],
      [{ body: 'x', contactId: a.contact, sendAt, statusTicket: 'aberto' }, 'statusTicket'],
    ] as const) {
      const e = await apiError(() => aAdmin.call('schedulesCreate', { body: body as never }));
      expect(e, field).toMatchObject({ status: 400, code: 'ERR_VALIDATION' });
      expect((e.body as { fields: { field: string }[] }).fields[0]!.field).toBe(field);
    }

    const full = await aAdmin.call('schedulesCreate', {
      body: {
        body: 'Todo mês',
        contactId: a.contact,
        sendAt,
        whatsappId: a.whatsapp,
        queueId: a.queue,
        ticketUserId: aAgent.user.id,
        userId: aAgent2.user.id,
        openTicket: 'enabled',
        statusTicket: 'open',
        assinar: true,
        intervalo: 3,
        valorIntervalo: 1,
        enviarQuantasVezes: 12,
        tipoDias: 5,
      },
    });
    expect(full).toMatchObject({
      userId: aAgent2.user.id,
      whatsapp: { id: a.whatsapp },
      queue: { id: a.queue },
      ticketUser: { id: aAgent.user.id },
      enviarQuantasVezes: 12,
    });

    const page = await aAdmin.call('schedulesIndex', { query: { searchParam: 'mês' } });
    expect(page).toMatchObject({ count: 1, hasMore: false });
    expect(page.schedules.map((x) => x.id)).toEqual([full.id]);
    const byContact = await aAdmin.call('schedulesIndex', { query: { contactId: a.contact } });
    expect(byContact.schedules.map((x) => x.id)).toEqual(expect.arrayContaining([s.id, full.id]));
    const byUser = await aAdmin.call('schedulesIndex', { query: { userId: aAgent2.user.id } });
    expect(byUser.schedules.map((x) => x.id)).toEqual([full.id]);
    const window = await aAdmin.call('schedulesIndex', {
      query: { dateFrom: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(window.schedules).toEqual([]);

    const later = new Date(Date.now() + 7_200_000).toISOString();
    const updated = await aAdmin.call('schedulesUpdate', {
      params: { id: s.id },
      body: { body: 'Lembrete novo', sendAt: later },
    });
    expect(updated).toMatchObject({ body: 'Lembrete novo', sendAt: new Date(later).toISOString() });
    expect(processes.calls.at(-1)).toMatchObject({ op: 'start', restart: true });
    expect(await aAdmin.call('schedulesShow', { params: { id: s.id } })).toMatchObject({
      body: 'Lembrete novo',
    });

    expect(await aAdmin.call('schedulesDelete', { params: { id: s.id } })).toEqual({
      message: 'Schedule deleted',
    });
    expect(processes.calls.at(-1)).toEqual({ op: 'cancel', workflowId: `schedule-${s.id}` });
    expect(
      await apiError(() => aAdmin.call('schedulesShow', { params: { id: s.id } })),
    ).toMatchObject({ status: 404 });
  });

  it('is not editable once sent, and an ERRO schedule saved again is retried', async () => {
    const s = await aAdmin.call('schedulesCreate', {
      body: { body: 'Enviada', contactId: a.contact, sendAt: inAnHour() },
    });
    await sql(
      t.databaseUrl,
      `UPDATE scheduled_messages SET status = 'ERRO', "lastError" = 'ERR_NO_DEF_WAPP_FOUND' WHERE id = $1`,
      [s.id],
    );
    expect(
      await aAdmin.call('schedulesUpdate', {
        params: { id: s.id },
        body: { whatsappId: a.whatsapp },
      }),
    ).toMatchObject({ status: 'PENDENTE', lastError: null, whatsappId: a.whatsapp });

    await sql(
      t.databaseUrl,
      `UPDATE scheduled_messages SET status = 'ENVIADA', "sentAt" = now() WHERE id = $1`,
      [s.id],
    );
    const sent = await rowsOf(aAdmin.user.companyId);
    for (const call of [
      () => aAdmin.call('schedulesUpdate', { params: { id: s.id }, body: { body: 'Outra' } }),
      () => aAdmin.call('schedulesMediaDelete', { params: { id: s.id } }),
    ])
      expect(await apiError(call)).toMatchObject({
        status: 400,
        code: 'ERR_SCHEDULE_ALREADY_SENT',
      });
    const up = await postFile(aAdmin, `/schedules/${s.id}/media-upload`, {
      field: 'file',
      name: 'a.png',
      type: 'image/png',
      bytes: PNG_1X1,
    });
    expect(up.status).toBe(400);
    expect(await rowsOf(aAdmin.user.companyId)).toEqual(sent);
    // A sent schedule can still be deleted (it clears the calendar).
    await aAdmin.call('schedulesDelete', { params: { id: s.id } });
  });

  it('attaches only the allowed kinds, by content', async () => {
    const s = await aAgent.call('schedulesCreate', {
      body: { body: 'Com anexo', contactId: a.contact, sendAt: inAnHour() },
    });
    const html = await postFile(aAgent, `/schedules/${s.id}/media-upload`, {
      field: 'file',
      name: 'boleto.pdf',
      type: 'application/pdf',
      bytes: '<html><script>alert(1)</script></html>',
    });
    expect(html.status).toBe(400);
    const webp = await postFile(aAgent, `/schedules/${s.id}/media-upload`, {
      field: 'file',
      name: 'x.webp',
      type: 'image/webp',
      bytes: Buffer.from('RIFF\0\0\0\0WEBPVP8 '),
    });
    expect(webp.status).toBe(400);
    const xlsx = Buffer.concat([
      Buffer.from('PK\x03\x04'),
      Buffer.alloc(26),
      Buffer.from('xl/workbook.xml'),
    ]);
    const sheet = await postFile(aAgent, `/schedules/${s.id}/media-upload`, {
      field: 'file',
      name: 'planilha.xlsx',
      type: 'application/octet-stream',
      bytes: xlsx,
    });
    expect(sheet.status).toBe(200);
    expect(await sheet.json()).toMatchObject({
      mediaName: 'planilha.xlsx',
      mediaPath: expect.stringMatching(/\.xlsx$/),
    });
    const png = await postFile(aAgent, `/schedules/${s.id}/media-upload`, {
      field: 'file',
      name: 'foto.png',
      type: 'image/png',
      bytes: PNG_1X1,
    });
    const withPng = (await png.json()) as { mediaUrl: string; mediaName: string };
    expect(withPng.mediaName).toBe('foto.png');
    expect((await aAgent.raw('GET', withPng.mediaUrl)).status).toBe(200);
    expect(await aAgent.call('schedulesMediaDelete', { params: { id: s.id } })).toMatchObject({
      mediaPath: null,
      mediaUrl: null,
    });
    expect((await aAgent.raw('GET', withPng.mediaUrl)).status).toBe(404);
  });

  it('shows a profile user their own schedules only', async () => {
    const mine = await aAgent.call('schedulesCreate', {
      // An agent cannot author for someone else: userId is theirs.
      body: { body: 'Da agente', contactId: a.contact, sendAt: inAnHour(), userId: aAdmin.user.id },
    });
    expect(mine.userId).toBe(aAgent.user.id);
    const others = await aAgent2.call('schedulesCreate', {
      body: { body: 'Da outra', contactId: a.contact, sendAt: inAnHour() },
    });
    const list = (await aAgent.call('schedulesIndex', { query: {} })).schedules;
    expect(list.every((s) => s.userId === aAgent.user.id)).toBe(true);
    expect(list.map((s) => s.id)).toContain(mine.id);
    const before = await rowsOf(aAdmin.user.companyId);
    for (const call of [
      () => aAgent.call('schedulesShow', { params: { id: others.id } }),
      () => aAgent.call('schedulesUpdate', { params: { id: others.id }, body: { body: 'x' } }),
      () => aAgent.call('schedulesDelete', { params: { id: others.id } }),
      () => aAgent.call('schedulesMediaDelete', { params: { id: others.id } }),
    ])
      expect(await apiError(call)).toMatchObject({ status: 404 });
    expect(await rowsOf(aAdmin.user.companyId)).toEqual(before);
    const all = (await aAdmin.call('schedulesIndex', { query: {} })).schedules.map((s) => s.id);
    expect(all).toEqual(expect.arrayContaining([mine.id, others.id]));
  });

  it("refuses another company's ids, bad input and a plan without useSchedules", async () => {
    const bBefore = await rowsOf(bAdmin.user.companyId);
    const aBefore = await rowsOf(aAdmin.user.companyId);
    for (const c of [aAdmin, aAgent]) {
      for (const call of [
        () => c.call('schedulesShow', { params: { id: b.schedule } }),
        () => c.call('schedulesUpdate', { params: { id: b.schedule }, body: { body: 'hack' } }),
        () => c.call('schedulesDelete', { params: { id: b.schedule } }),
        () => c.call('schedulesMediaDelete', { params: { id: b.schedule } }),
      ])
        expect(await apiError(call)).toMatchObject({ status: 404 });
      const up = await postFile(c, `/schedules/${b.schedule}/media-upload`, {
        field: 'file',
        name: 'a.png',
        type: 'image/png',
        bytes: PNG_1X1,
      });
      expect(up.status).toBe(404);
      expect(
        (await c.call('schedulesIndex', { query: {} })).schedules.map((s) => s.id),
      ).not.toContain(b.schedule);
    }
    const base = { body: 'x', contactId: a.contact, sendAt: inAnHour() };
    for (const [body, code] of [
      [{ ...base, contactId: b.contact }, 'ERR_NO_CONTACT_FOUND'],
      [{ ...base, whatsappId: b.whatsapp }, 'ERR_NO_WAPP_FOUND'],
      [{ ...base, queueId: b.queue }, 'ERR_QUEUE_NOT_FOUND'],
      [{ ...base, ticketUserId: bAdmin.user.id }, 'ERR_NO_USER_FOUND'],
      [{ ...base, userId: bAdmin.user.id }, 'ERR_NO_USER_FOUND'],
    ] as const) {
      expect(await apiError(() => aAdmin.call('schedulesCreate', { body }))).toMatchObject({
        status: 404,
        code,
      });
    }
    expect(await rowsOf(bAdmin.user.companyId)).toEqual(bBefore);
    expect(await rowsOf(aAdmin.user.companyId)).toEqual(aBefore);

    for (const [method, path] of [
      ['GET', '/schedules?pageNumber=abc'],
      ['GET', '/schedules?contactId=x'],
      ['GET', '/schedules?dateFrom=ontem'],
      ['GET', '/schedules/abc'],
      ['DELETE', '/schedules/0'],
      ['DELETE', '/schedules/1.5/media-upload'],
      ['POST', '/schedules/abc/media-upload'],
    ] as const)
      expect((await aAdmin.raw(method, path)).status, `${method} ${path}`).toBe(400);

    const [plan] = await sql<{ id: number }>(
      t.databaseUrl,
      `INSERT INTO plans (name, amount, "useSchedules") VALUES ('Sem agendamentos', 0, false) RETURNING id`,
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
        () => bAdmin.call('schedulesIndex', { query: {} }),
        () => bAdmin.call('schedulesShow', { params: { id: b.schedule } }),
        () => bAdmin.call('schedulesCreate', { body: { ...base, contactId: b.contact } }),
        () => bAdmin.call('schedulesUpdate', { params: { id: b.schedule }, body: { body: 'x' } }),
        () => bAdmin.call('schedulesDelete', { params: { id: b.schedule } }),
      ])
        expect(await apiError(call)).toMatchObject({
          status: 403,
          code: 'ERR_PLAN_FEATURE_DISABLED',
        });
      expect(await rowsOf(bAdmin.user.companyId)).toEqual(bBefore);
    } finally {
      await sql(t.databaseUrl, 'UPDATE companies SET "planId" = $1 WHERE id = $2', [
        planId,
        bAdmin.user.companyId,
      ]);
    }
  });

  it('pushes company-{id}-schedule to the author and the admins only', async () => {
    const connect = (c: Logged) => companySocket(t.url, c);
    const clients = { author: aAgent, other: aAgent2, admin: aAdmin, b: bAdmin };
    const sockets = await Promise.all(Object.values(clients).map(connect));
    const seen: Record<string, string[]> = {};
    Object.keys(clients).forEach((k, i) => {
      seen[k] = [];
      sockets[i]!.onAny((event: string, p: { action: string }) => {
        if (event.endsWith('-schedule')) seen[k]!.push(`${event}:${p.action}`);
      });
    });
    try {
      const s = await aAgent.call('schedulesCreate', {
        body: { body: 'Ao vivo', contactId: a.contact, sendAt: inAnHour() },
      });
      await aAgent.call('schedulesUpdate', { params: { id: s.id }, body: { body: 'Ao vivo 2' } });
      await aAgent.call('schedulesDelete', { params: { id: s.id } });
      const event = `company-${aAgent.user.companyId}-schedule`;
      const expected = [`${event}:create`, `${event}:update`, `${event}:delete`];
      const end = Date.now() + 5000;
      while ((seen.author!.length < 3 || seen.admin!.length < 3) && Date.now() < end)
        await new Promise((r) => setTimeout(r, 50));
      expect(seen.author).toEqual(expected);
      expect(seen.admin).toEqual(expected);
      expect(seen.other).toEqual([]);
      expect(seen.b).toEqual([]);
    } finally {
      for (const s of sockets) s.close();
    }
  });
});
