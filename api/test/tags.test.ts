import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
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
import { takeRealtimeMismatches } from '@atendo/core/events/pushes.js';

type Logged = TestClient & { user: { id: number; companyId: number } };

let t: TestApi;
let aAdmin: Logged;
let aAgent: Logged;
let bAdmin: Logged;
const A = { companyId: 0, contact1: 0, contact2: 0, ticket: 0 };
const B = { companyId: 0, contact: 0, ticket: 0, tag: 0, lane: 0 };

/** A contact and an open ticket of a company, written straight to the database. */
async function contactWithTicket(companyId: number, name: string, number: string) {
  const [contact] = await sql<{ id: number }>(
    t.databaseUrl,
    `INSERT INTO contacts ("companyId", name, number) VALUES ($1, $2, $3) RETURNING id`,
    [companyId, name, number],
  );
  const [ticket] = await sql<{ id: number }>(
    t.databaseUrl,
    // In a queue of the company's agent, so the agent may open it (docs/product/tickets.md#who-sees-which-tickets).
    `INSERT INTO tickets ("companyId", "contactId", status, protocol, "queueId")
     VALUES ($1, $2, 'open', $3,
             (SELECT "queueId" FROM user_queues WHERE "companyId" = $1 ORDER BY "queueId" LIMIT 1))
     RETURNING id`,
    [companyId, contact!.id, `P-${companyId}-${contact!.id}`],
  );
  return { contact: contact!.id, ticket: ticket!.id };
}

/** Every tag row and tag link of a company, for before/after comparisons. */
async function tagSnapshot(companyId: number) {
  return {
    tags: await sql(
      t.databaseUrl,
      `SELECT id, name, color, kanban, "userId" FROM tags WHERE "companyId" = $1 ORDER BY id`,
      [companyId],
    ),
    contactTags: await sql(
      t.databaseUrl,
      `SELECT "contactId", "tagId" FROM contact_tags WHERE "companyId" = $1 ORDER BY 1, 2`,
      [companyId],
    ),
    ticketTags: await sql(
      t.databaseUrl,
      `SELECT "ticketId", "tagId" FROM ticket_tags WHERE "companyId" = $1 ORDER BY 1, 2`,
      [companyId],
    ),
  };
}

const ticketTagIds = async (ticketId: number) =>
  (
    await sql<{ tagId: number }>(
      t.databaseUrl,
      `SELECT "tagId" FROM ticket_tags WHERE "ticketId" = $1 ORDER BY 1`,
      [ticketId],
    )
  ).map((r) => r.tagId);

beforeAll(async () => {
  t = await startTestApi({ LOGIN_RATE_LIMIT: '1000' });
  const su = await t.login(SUPER.email, SUPER.password);
  const company = await su.call('companiesCreate', {
    body: { name: 'Empresa B', email: 'admin@empresa-b.io', password: 'segredo1', planId: 1 },
  });
  B.companyId = company.id;
  bAdmin = await t.login('admin@empresa-b.io', 'segredo1');
  aAdmin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  aAgent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
  A.companyId = aAdmin.user.companyId;
  const a1 = await contactWithTicket(A.companyId, 'Ana', '5511999990001');
  const a2 = await contactWithTicket(A.companyId, 'Bruno', '5511999990002');
  Object.assign(A, { contact1: a1.contact, contact2: a2.contact, ticket: a1.ticket });
  const b = await contactWithTicket(B.companyId, 'Cliente B', '5511999990003');
  Object.assign(B, b);
  B.tag = (await bAdmin.call('tagsCreate', { body: { name: 'Tag da B', color: '#112233' } })).id;
  B.lane = (await bAdmin.call('tagsCreate', { body: { name: 'Raia da B', kanban: 1 } })).id;
  await bAdmin.call('tagsSync', { body: { contactId: B.contact, tags: [{ id: B.tag }] } });
  await bAdmin.call('ticketTagsStore', { params: { ticketId: B.ticket, tagId: B.lane } });
}, 60_000);
afterAll(() => t?.close());

describe('tags', () => {
  it('creates tags with the spec validations, a random colour and unique names per kind', async () => {
    const empty = await apiError(() => aAgent.call('tagsCreate', { body: { name: '  ' } }));
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ fields: [{ field: 'name', message: 'Obrigatório' }] });
    const short = await apiError(() => aAgent.call('tagsCreate', { body: { name: 'ab' } }));
    expect(short.body).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: [{ field: 'name', message: 'Mensagem muito curta' }],
    });
    const color = await apiError(() =>
      aAgent.call('tagsCreate', { body: { name: 'Cor ruim', color: 'red;' } }),
    );
    expect(color.body).toMatchObject({ fields: [{ field: 'color' }] });

    const vip = await aAgent.call('tagsCreate', { body: { name: ' Cliente VIP ' } });
    expect(vip).toMatchObject({ name: 'Cliente VIP', kanban: 0, userId: aAgent.user.id });
    expect(vip.color).toMatch(/^#[0-9A-F]{6}$/);
    const dup = await apiError(() => aAdmin.call('tagsCreate', { body: { name: 'Cliente VIP' } }));
    expect(dup).toMatchObject({ status: 409, code: 'ERR_DUPLICATED_TAG' });
    // The same name as a kanban lane is another kind of tag.
    const lane = await aAdmin.call('tagsCreate', {
      body: { name: 'Cliente VIP', kanban: 1, color: '#00ff00' },
    });
    expect(lane).toMatchObject({ kanban: 1, color: '#00ff00' });

    const other = await aAgent.call('tagsCreate', { body: { name: 'Outra', kanban: false } });
    const renamed = await apiError(() =>
      aAgent.call('tagsUpdate', { params: { id: other.id }, body: { name: 'Cliente VIP' } }),
    );
    expect(renamed).toMatchObject({ status: 409, code: 'ERR_DUPLICATED_TAG' });
    const updated = await aAgent.call('tagsUpdate', {
      params: { id: other.id },
      body: { name: 'Outra tag', color: '#abcdef' },
    });
    expect(updated).toMatchObject({ name: 'Outra tag', color: '#abcdef', kanban: 0 });
    expect(await aAgent.call('tagsShow', { params: { id: other.id } })).toMatchObject({
      name: 'Outra tag',
    });
    expect(await aAgent.call('tagsDelete', { params: { id: other.id } })).toEqual({
      message: 'Tag deleted',
    });
    expect(
      await apiError(() => aAgent.call('tagsShow', { params: { id: other.id } })),
    ).toMatchObject({ status: 404 });
  });

  it('pages and searches tags and lanes apart, with contact and ticket counts', async () => {
    for (let i = 0; i < 21; i++)
      await aAdmin.call('tagsCreate', { body: { name: `Lote ${String(i).padStart(2, '0')}` } });
    const first = await aAgent.call('tagsIndex', { query: { searchParam: 'lote' } });
    expect(first).toMatchObject({ count: 21, hasMore: true });
    expect(first.tags).toHaveLength(20);
    expect(first.tags[0]).toMatchObject({ name: 'Lote 00', contactsCount: 0, ticketsCount: 0 });
    const second = await aAgent.call('tagsIndex', {
      query: { searchParam: 'lote', pageNumber: 2 },
    });
    expect(second).toMatchObject({ count: 21, hasMore: false });
    expect(second.tags.map((x) => x.name)).toEqual(['Lote 20']);
    // A typed % is searched for, not a wildcard.
    expect((await aAgent.call('tagsIndex', { query: { searchParam: '%' } })).count).toBe(0);

    const lanes = await aAgent.call('tagsIndex', { query: { kanban: 1 } });
    expect(lanes.tags.every((x) => x.kanban === 1)).toBe(true);
    expect(lanes.tags.map((x) => x.name)).toContain('Cliente VIP');
    const list = await aAgent.call('tagsList', { query: {} });
    expect(list.every((x) => x.kanban === 0)).toBe(true);
    expect(list.map((x) => x.name)).toContain('Lote 07');
    const laneList = await aAgent.call('tagsList', { query: { kanban: 1 } });
    expect(laneList.map((x) => x.name)).toEqual(['Cliente VIP']);
  });

  it("syncs a contact's tags (creating typed names), lists a tag's contacts and removes one", async () => {
    const vip = (await aAgent.call('tagsList', { query: {} })).find(
      (x) => x.name === 'Cliente VIP',
    )!;
    const tooShort = await apiError(() =>
      aAgent.call('tagsSync', { body: { contactId: A.contact1, tags: [{ name: 'ab' }] } }),
    );
    expect(tooShort.body).toMatchObject({
      fields: [{ field: 'tags.0.name', message: 'Tag muito curta!' }],
    });

    const synced = await aAgent.call('tagsSync', {
      body: {
        contactId: A.contact1,
        tags: [{ id: vip.id }, { name: 'Novo Lead' }, { name: 'novo lead' }],
      },
    });
    expect(synced.tags.map((x) => x.name)).toEqual(['Cliente VIP', 'Novo Lead']);
    const created = synced.tags.find((x) => x.name === 'Novo Lead')!;
    expect(created).toMatchObject({ kanban: 0, userId: aAgent.user.id });
    // A typed name that exists (in any case) is the existing tag.
    const again = await aAgent.call('tagsSync', {
      body: { contactId: A.contact2, tags: [{ name: 'cliente vip' }] },
    });
    expect(again.tags).toEqual([expect.objectContaining({ id: vip.id })]);

    expect(
      await aAgent.call('contactTagsShow', { params: { contactId: A.contact1 } }),
    ).toMatchObject({
      tags: true,
      contactTags: [{ id: vip.id }, { id: created.id }],
    });
    expect(await aAgent.call('tagsContacts', { params: { id: vip.id } })).toEqual([
      { id: A.contact1, name: 'Ana', number: '5511999990001' },
      { id: A.contact2, name: 'Bruno', number: '5511999990002' },
    ]);
    const page = await aAgent.call('tagsIndex', { query: { searchParam: 'Cliente VIP' } });
    expect(page.tags).toEqual([expect.objectContaining({ id: vip.id, contactsCount: 2 })]);

    await aAgent.call('tagsRemoveContact', { params: { tagId: vip.id, contactId: A.contact2 } });
    expect(await aAgent.call('tagsContacts', { params: { id: vip.id } })).toHaveLength(1);

    // Replacing with fewer tags drops the others; an empty list clears them.
    const fewer = await aAgent.call('tagsSync', {
      body: { contactId: A.contact1, tags: [{ id: created.id }] },
    });
    expect(fewer.tags.map((x) => x.id)).toEqual([created.id]);
    await aAgent.call('tagsSync', { body: { contactId: A.contact1, tags: [] } });
    expect(await aAgent.call('contactTagsShow', { params: { contactId: A.contact1 } })).toEqual({
      tags: false,
      contactTags: [],
    });
  });

  it('keeps one kanban lane per ticket and tells the ticket its tags changed', async () => {
    const changed: number[] = [];
    t.api.ctx.events.on('ticket.tags_changed', ({ ticketId }) => void changed.push(ticketId));
    const lane1 = await aAdmin.call('tagsCreate', { body: { name: 'Proposta', kanban: 1 } });
    const lane2 = await aAdmin.call('tagsCreate', { body: { name: 'Fechamento', kanban: 1 } });
    const plain = await aAdmin.call('tagsCreate', { body: { name: 'Urgente' } });

    const put = await aAgent.call('ticketTagsStore', {
      params: { ticketId: A.ticket, tagId: lane1.id },
    });
    expect(put).toMatchObject({ ticketId: A.ticket, tagId: lane1.id, tag: { name: 'Proposta' } });
    await aAgent.call('ticketTagsStore', { params: { ticketId: A.ticket, tagId: plain.id } });
    await aAgent.call('ticketTagsStore', { params: { ticketId: A.ticket, tagId: lane2.id } });
    expect(await ticketTagIds(A.ticket)).toEqual([lane2.id, plain.id].sort((x, y) => x - y));
    // Concurrent moves still leave one lane.
    await Promise.all(
      [lane1.id, lane2.id, lane1.id, lane2.id].map((tagId) =>
        aAgent.call('ticketTagsStore', { params: { ticketId: A.ticket, tagId } }),
      ),
    );
    const lanes = (await ticketTagIds(A.ticket)).filter((id) => id !== plain.id);
    expect(lanes).toHaveLength(1);

    const page = await aAgent.call('tagsIndex', {
      query: { kanban: 1, searchParam: lanes[0] === lane1.id ? 'Proposta' : 'Fechamento' },
    });
    expect(page.tags[0]).toMatchObject({ ticketsCount: 1 });

    expect(await aAgent.call('ticketTagsRemove', { params: { ticketId: A.ticket } })).toEqual({
      message: 'Ticket tags removed',
    });
    expect(await ticketTagIds(A.ticket)).toEqual([plain.id]);
    expect(changed.filter((id) => id === A.ticket).length).toBeGreaterThanOrEqual(8);

    // Deleting a tag a ticket carries also tells the ticket.
    changed.length = 0;
    await aAdmin.call('tagsDelete', { params: { id: plain.id } });
    expect(changed).toEqual([A.ticket]);
    expect(await ticketTagIds(A.ticket)).toEqual([]);

    expect(
      await apiError(() =>
        aAgent.call('ticketTagsStore', { params: { ticketId: 2_000_000, tagId: lane1.id } }),
      ),
    ).toMatchObject({ status: 404, code: 'ERR_NO_TICKET_FOUND' });
  });

  it('pushes company-{id}-tag to the company and to no other', async () => {
    const connect = (companyId: number, c: Logged) =>
      new Promise<Socket>((resolve, reject) => {
        const s = io(`${t.url}/${companyId}`, {
          auth: { token: c.token },
          query: { userId: String(c.user.id) },
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
        });
        s.once('connect', () => resolve(s));
        s.once('connect_error', reject);
      });
    const a = await connect(A.companyId, aAgent);
    const b = await connect(B.companyId, bAdmin);
    const seenA: { action: string; tag?: { name: string }; tagId?: number }[] = [];
    const seenB: unknown[] = [];
    a.on(`company-${A.companyId}-tag`, (p) => seenA.push(p));
    b.onAny((event: string, p: unknown) => event.endsWith('-tag') && seenB.push(p));
    try {
      const tag = await aAdmin.call('tagsCreate', { body: { name: 'Ao vivo' } });
      await aAdmin.call('tagsUpdate', { params: { id: tag.id }, body: { name: 'Ao vivo 2' } });
      await aAdmin.call('tagsDelete', { params: { id: tag.id } });
      const end = Date.now() + 5000;
      while (seenA.length < 3 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      expect(seenA).toEqual([
        { action: 'create', tag: expect.objectContaining({ id: tag.id, name: 'Ao vivo' }) },
        { action: 'update', tag: expect.objectContaining({ id: tag.id, name: 'Ao vivo 2' }) },
        { action: 'delete', tagId: tag.id },
      ]);
      expect(seenB).toEqual([]);
    } finally {
      a.disconnect();
      b.disconnect();
    }
  });

  it('refuses to push a tag payload its declaration does not describe (CHECK_REALTIME)', async () => {
    const a = await (async () => {
      const s = io(`${t.url}/${A.companyId}`, {
        auth: { token: aAgent.token },
        query: { userId: String(aAgent.user.id) },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });
      return s;
    })();
    const seen: unknown[] = [];
    a.on(`company-${A.companyId}-tag`, (p) => seen.push(p));
    try {
      // The api under test runs with NODE_ENV=test: the check is on without being asked for.
      expect(() =>
        t.api.realtime.emit(A.companyId, 'tag', ['company'], {
          action: 'create',
          tag: { id: 1, name: 'sem cor' },
        } as never),
      ).toThrow(/company-\{id\}-tag does not match its declaration at tag\.color/);
      expect(takeRealtimeMismatches()).toHaveLength(1);
      await new Promise((r) => setTimeout(r, 300));
      expect(seen).toEqual([]);
    } finally {
      a.disconnect();
    }
  });
});

describe('tags across companies', () => {
  it("refuses every tag route on company B's ids to A's admin and agent, B unchanged", async () => {
    const before = await tagSnapshot(B.companyId);
    const aTag = (await aAdmin.call('tagsCreate', { body: { name: 'Tag da A' } })).id;
    const aLane = (await aAdmin.call('tagsCreate', { body: { name: 'Raia da A', kanban: 1 } })).id;
    for (const c of [aAdmin, aAgent]) {
      const attempts: [string, () => Promise<Response>][] = [
        ['GET /tags/:idOfB', () => c.raw('GET', `/tags/${B.tag}`)],
        [
          'PUT /tags/:idOfB',
          () => c.raw('PUT', `/tags/${B.tag}`, { name: 'Hacked', color: '#000' }),
        ],
        ['DELETE /tags/:idOfB', () => c.raw('DELETE', `/tags/${B.lane}`)],
        ['GET /tags/:idOfB/contacts', () => c.raw('GET', `/tags/${B.tag}/contacts`)],
        [
          'DELETE /tags-contacts/B/B',
          () => c.raw('DELETE', `/tags-contacts/${B.tag}/${B.contact}`),
        ],
        ['DELETE /tags-contacts/A/B', () => c.raw('DELETE', `/tags-contacts/${aTag}/${B.contact}`)],
        ['GET /contactTags/:contactOfB', () => c.raw('GET', `/contactTags/${B.contact}`)],
        [
          'POST /tags/sync contact of B',
          () => c.raw('POST', '/tags/sync', { contactId: B.contact, tags: [{ id: aTag }] }),
        ],
        [
          'POST /tags/sync contact of B, no tags',
          () => c.raw('POST', '/tags/sync', { contactId: B.contact, tags: [] }),
        ],
        [
          'POST /tags/sync tag of B',
          () => c.raw('POST', '/tags/sync', { contactId: A.contact1, tags: [{ id: B.tag }] }),
        ],
        [
          'PUT /ticket-tags/ticketOfB/laneOfA',
          () => c.raw('PUT', `/ticket-tags/${B.ticket}/${aLane}`),
        ],
        [
          'PUT /ticket-tags/ticketOfA/laneOfB',
          () => c.raw('PUT', `/ticket-tags/${A.ticket}/${B.lane}`),
        ],
        ['DELETE /ticket-tags/ticketOfB', () => c.raw('DELETE', `/ticket-tags/${B.ticket}`)],
      ];
      for (const [what, send] of attempts) {
        const res = await send();
        expect(res.status, `${what}: ${await res.clone().text()}`).toBe(404);
      }
      const listed = [
        ...(await c.call('tagsIndex', { query: { searchParam: 'da B' } })).tags,
        ...(await c.call('tagsIndex', { query: { searchParam: 'da B', kanban: 1 } })).tags,
        ...(await c.call('tagsList', { query: {} })),
        ...(await c.call('tagsList', { query: { kanban: 1 } })),
      ];
      expect(listed.map((x) => x.id)).not.toContain(B.tag);
      expect(listed.map((x) => x.id)).not.toContain(B.lane);
    }
    expect(await tagSnapshot(B.companyId)).toEqual(before);
    // A's own contact kept no tag of B either.
    expect(
      await aAgent.call('contactTagsShow', { params: { contactId: A.contact1 } }),
    ).toMatchObject({
      tags: false,
    });
  });

  it('answers malformed ids, queries and bodies with 400 naming the field', async () => {
    const cases: [string, string, unknown, string][] = [
      ['GET', '/tags?pageNumber=abc', undefined, 'query.pageNumber'],
      ['GET', '/tags?kanban=5', undefined, 'query.kanban'],
      ['GET', '/tags/list?kanban=x', undefined, 'query.kanban'],
      ['GET', '/tags/abc', undefined, 'params.id'],
      ['GET', '/tags/0/contacts', undefined, 'params.id'],
      ['PUT', '/tags/1.5', { name: 'Valida' }, 'params.id'],
      ['DELETE', '/tags/-1', undefined, 'params.id'],
      ['DELETE', '/tags-contacts/x/1', undefined, 'params.tagId'],
      ['DELETE', '/tags-contacts/1/99999999999', undefined, 'params.contactId'],
      ['GET', '/contactTags/NaN', undefined, 'params.contactId'],
      ['PUT', '/ticket-tags/1/abc', undefined, 'params.tagId'],
      ['DELETE', '/ticket-tags/%00', undefined, 'params.ticketId'],
      ['POST', '/tags/sync', { contactId: 'x', tags: [] }, 'contactId'],
      ['POST', '/tags/sync', { contactId: 1, tags: 'all' }, 'tags'],
      ['POST', '/tags/sync', { contactId: 1, tags: [{}] }, 'tags.0.name'],
      ['POST', '/tags', { name: 'Valida', kanban: 2 }, 'kanban'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await aAdmin.raw(method, path, body);
      const json = (await res.json()) as { error: string; fields?: { field: string }[] };
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(json.error).toBe('ERR_VALIDATION');
      expect(
        json.fields?.map((f) => f.field),
        `${method} ${path}`,
      ).toContain(field);
    }
    const anonymous = await t.client().raw('GET', '/tags');
    expect(anonymous.status).toBe(401);
  });
});
