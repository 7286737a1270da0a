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

type Logged = TestClient & { user: { id: number; companyId: number } };

let t: TestApi;
let aAdmin: Logged;
let aAgent: Logged;
let aAgent2: Logged;
let bAdmin: Logged;
const A = { contact: 0, ticket: 0, otherContact: 0, otherTicket: 0 };
const B = { contact: 0, ticket: 0, note: 0 };

/** A contact and an open ticket of a company, written straight to the database. */
async function contactWithTicket(companyId: number, name: string) {
  const [contact] = await sql<{ id: number }>(
    t.databaseUrl,
    `INSERT INTO contacts ("companyId", name) VALUES ($1, $2) RETURNING id`,
    [companyId, name],
  );
  const [ticket] = await sql<{ id: number }>(
    t.databaseUrl,
    // In a queue of the company's agent, so the agent may open it (docs/product/tickets.md#who-sees-which-tickets).
    `INSERT INTO tickets ("companyId", "contactId", protocol, "queueId") VALUES ($1, $2, $3,
       (SELECT "queueId" FROM user_queues WHERE "companyId" = $1 ORDER BY "queueId" LIMIT 1))
     RETURNING id`,
    [companyId, contact!.id, `N-${companyId}-${contact!.id}`],
  );
  return { contact: contact!.id, ticket: ticket!.id };
}

const notesOf = (companyId: number) =>
  sql(
    t.databaseUrl,
    `SELECT id, note, "ticketId", "contactId", "userId" FROM ticket_notes
      WHERE "companyId" = $1 ORDER BY id`,
    [companyId],
  );

beforeAll(async () => {
  t = await startTestApi({ LOGIN_RATE_LIMIT: '1000' });
  const su = await t.login(SUPER.email, SUPER.password);
  const company = await su.call('companiesCreate', {
    body: { name: 'Empresa B', email: 'admin@empresa-b.io', password: 'segredo1', planId: 1 },
  });
  bAdmin = await t.login('admin@empresa-b.io', 'segredo1');
  aAdmin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  aAgent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
  await aAdmin.call('usersCreate', {
    body: { name: 'Segunda Agente', email: 'agente2@demo.atendo.local', password: 'segredo1' },
  });
  aAgent2 = await t.login('agente2@demo.atendo.local', 'segredo1');
  // The second agent shares the first one's queue, so both may open the tickets there.
  await sql(
    t.databaseUrl,
    `INSERT INTO user_queues ("userId", "queueId", "companyId")
     SELECT $1, "queueId", "companyId" FROM user_queues WHERE "userId" = $2`,
    [aAgent2.user.id, aAgent.user.id],
  );
  Object.assign(A, await contactWithTicket(aAdmin.user.companyId, 'Ana'));
  const other = await contactWithTicket(aAdmin.user.companyId, 'Bruno');
  Object.assign(A, { otherContact: other.contact, otherTicket: other.ticket });
  Object.assign(B, await contactWithTicket(company.id, 'Cliente B'));
  B.note = (
    await bAdmin.call('ticketNotesCreate', {
      body: { note: 'Nota da B', ticketId: B.ticket, contactId: B.contact },
    })
  ).id;
}, 60_000);
afterAll(() => t?.close());

describe('ticket notes', () => {
  it('adds notes of at least 2 characters to a ticket, filed under its contact', async () => {
    const short = await apiError(() =>
      aAgent.call('ticketNotesCreate', { body: { note: ' a ', ticketId: A.ticket } }),
    );
    expect(short.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'note' }] });
    const none = await apiError(() =>
      aAgent.call('ticketNotesCreate', { body: { note: '', ticketId: A.ticket } }),
    );
    expect(none.body).toMatchObject({ fields: [{ field: 'note', message: 'Obrigatório' }] });
    const wrongContact = await apiError(() =>
      aAgent.call('ticketNotesCreate', {
        body: { note: 'Cliente pediu retorno', ticketId: A.ticket, contactId: A.otherContact },
      }),
    );
    expect(wrongContact.body).toMatchObject({ fields: [{ field: 'contactId' }] });
    expect(
      await apiError(() =>
        aAgent.call('ticketNotesCreate', { body: { note: 'ok', ticketId: 2_000_000 } }),
      ),
    ).toMatchObject({ status: 404, code: 'ERR_NO_TICKET_FOUND' });

    const first = await aAgent.call('ticketNotesCreate', {
      body: { note: ' ok ', ticketId: A.ticket, contactId: A.contact },
    });
    expect(first).toMatchObject({
      note: 'ok',
      ticketId: A.ticket,
      contactId: A.contact,
      userId: aAgent.user.id,
      user: { id: aAgent.user.id, name: expect.any(String) },
    });
    // The contact comes from the ticket when not sent.
    const second = await aAgent2.call('ticketNotesCreate', {
      body: { note: 'Segunda nota', ticketId: A.ticket },
    });
    expect(second.contactId).toBe(A.contact);
    await aAgent.call('ticketNotesCreate', {
      body: { note: 'Outro ticket', ticketId: A.otherTicket },
    });

    const list = await aAgent.call('ticketNotesList', {
      query: { ticketId: A.ticket, contactId: A.contact },
    });
    expect(list.map((n) => n.id)).toEqual([second.id, first.id]);
    expect(list[0]!.user).toEqual({ id: aAgent2.user.id, name: 'Segunda Agente' });
    expect(
      (await aAgent.call('ticketNotesList', { query: { contactId: A.otherContact } })).map(
        (n) => n.note,
      ),
    ).toEqual(['Outro ticket']);
    expect(
      await aAgent.call('ticketNotesList', {
        query: { ticketId: A.ticket, contactId: A.otherContact },
      }),
    ).toEqual([]);
  });

  it('deletes a note for its author or an admin only', async () => {
    const note = await aAgent.call('ticketNotesCreate', {
      body: { note: 'Apagar depois', ticketId: A.ticket },
    });
    expect(
      await apiError(() => aAgent2.call('ticketNotesDelete', { params: { id: note.id } })),
    ).toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION' });
    expect(await aAgent.call('ticketNotesDelete', { params: { id: note.id } })).toEqual({
      message: 'Note deleted',
    });
    const other = await aAgent2.call('ticketNotesCreate', {
      body: { note: 'Do admin apagar', ticketId: A.ticket },
    });
    await aAdmin.call('ticketNotesDelete', { params: { id: other.id } });
    const ids = (await aAgent.call('ticketNotesList', { query: { ticketId: A.ticket } })).map(
      (n) => n.id,
    );
    expect(ids).not.toContain(note.id);
    expect(ids).not.toContain(other.id);
    expect(
      await apiError(() => aAgent.call('ticketNotesDelete', { params: { id: note.id } })),
    ).toMatchObject({ status: 404 });
  });
});

describe('ticket notes across companies', () => {
  it("refuses company B's tickets, contacts and notes to A's admin and agent, B unchanged", async () => {
    const before = await notesOf(bAdmin.user.companyId);
    for (const c of [aAdmin, aAgent]) {
      const attempts: [string, () => Promise<Response>][] = [
        [
          'POST note on B ticket',
          () => c.raw('POST', '/ticket-notes', { note: 'Intrusa', ticketId: B.ticket }),
        ],
        [
          'POST note on B ticket with B contact',
          () =>
            c.raw('POST', '/ticket-notes', {
              note: 'Intrusa',
              ticketId: B.ticket,
              contactId: B.contact,
            }),
        ],
        ['DELETE B note', () => c.raw('DELETE', `/ticket-notes/${B.note}`)],
      ];
      for (const [what, send] of attempts) {
        const res = await send();
        expect(res.status, `${what}: ${await res.clone().text()}`).toBe(404);
      }
      // A's ticket with B's contact is refused without being filed anywhere.
      const mixed = await c.raw('POST', '/ticket-notes', {
        note: 'Mista',
        ticketId: A.ticket,
        contactId: B.contact,
      });
      expect(mixed.status).toBe(400);
      expect(await c.call('ticketNotesList', { query: { contactId: B.contact } })).toEqual([]);
      // A ticket of B is not one A may open: not found, as for any ticket out of reach.
      for (const query of [{ ticketId: B.ticket }, { ticketId: B.ticket, contactId: B.contact }])
        expect(
          (await apiError(() => c.call('ticketNotesList', { query }))).code,
          JSON.stringify(query),
        ).toBe('ERR_NO_TICKET_FOUND');
    }
    expect(await notesOf(bAdmin.user.companyId)).toEqual(before);
  });

  it('answers malformed ids and queries with 400 naming the field', async () => {
    const cases: [string, string, unknown, string][] = [
      ['GET', '/ticket-notes/list', undefined, 'query.ticketId'],
      ['GET', '/ticket-notes/list?ticketId=abc', undefined, 'query.ticketId'],
      ['GET', '/ticket-notes/list?contactId=-1', undefined, 'query.contactId'],
      ['DELETE', '/ticket-notes/abc', undefined, 'params.id'],
      ['DELETE', '/ticket-notes/0', undefined, 'params.id'],
      ['POST', '/ticket-notes', { note: 'valida', ticketId: 'x' }, 'ticketId'],
      ['POST', '/ticket-notes', { ticketId: 1 }, 'note'],
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
    expect((await t.client().raw('GET', `/ticket-notes/list?ticketId=${A.ticket}`)).status).toBe(
      401,
    );
  });
});
