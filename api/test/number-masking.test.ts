import ExcelJS from 'exceljs';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteDef, type RouteName } from '@atendo/contract';
import {
  LocalChannelAdapter,
  singleAdapterRegistry,
} from '@atendo/core/channels/channel-adapter.js';
import {
  DEMO_ADMIN,
  DEMO_AGENT,
  SUPER,
  startTestApi,
  type TestApi,
  type TestClient,
} from './support/api.js';
import { companySocket } from './support/socket.js';
import { sql } from './support/sql.js';

/**
 * LGPD hide-number as a property of what leaves the api (docs/product/tickets.md#who-sees-which-tickets): with enableLGPD and
 * lgpdHideNumber on, a profile user never receives a contact's full number, from any GET route
 * of the contract (called with real ids) nor from any socket event, while admins and super
 * admins always do. A route or a push added later is swept too.
 */

type Logged = TestClient & { user: { id: number; companyId: number } };

let t: TestApi;
let su: Logged;
let admin: Logged;
let agent: Logged;

/** The contacts' numbers, none of which a profile user may ever receive whole. */
const NUMBERS = {
  mine: '5511900001111',
  waiting: '5511900002222',
  listed: '5511900003333',
  live: '5511900004444',
  item: '5511900005555',
  platform: '5511900006666',
};
const ALL_NUMBERS = Object.values(NUMBERS);
const masked = (n: string) => '*'.repeat(n.length - 4) + n.slice(-4);

/** Real ids of company A's rows, for every path parameter the GET routes name. */
const R = {
  companyId: 0,
  queue: 0,
  whatsapp: 0,
  mine: { contact: 0, ticket: 0, uuid: '' },
  waiting: { contact: 0, ticket: 0 },
  listed: 0,
  tag: 0,
  lane: 0,
  schedule: 0,
  chat: 0,
  contactList: 0,
  contactListItem: 0,
  campaign: 0,
  quickMessage: 0,
  file: 0,
  prompt: 0,
  integration: 0,
  chatbot: 0,
  announcement: 0,
};

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  sql<T>(t.databaseUrl, text, params);

const setting = (c: Logged, key: string, value: string) =>
  c.call('settingsUpdate', { params: { key }, body: { value } });

beforeAll(async () => {
  t = await startTestApi(
    { LOGIN_RATE_LIMIT: '1000' },
    { channels: singleAdapterRegistry(new LocalChannelAdapter()) },
  );
  su = await t.login(SUPER.email, SUPER.password);
  admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  agent = await t.login(DEMO_AGENT.email, DEMO_AGENT.password);
  R.companyId = admin.user.companyId;
  const [queue] = await q<{ id: number }>(
    `SELECT "queueId" AS id FROM user_queues WHERE "userId" = $1 ORDER BY "queueId" LIMIT 1`,
    [agent.user.id],
  );
  R.queue = queue!.id;
  const [wa] = await q<{ id: number }>(
    `INSERT INTO whatsapps ("companyId", name, status, "isDefault") VALUES ($1, 'Loja', 'CONNECTED', true) RETURNING id`,
    [R.companyId],
  );
  R.whatsapp = wa!.id;

  // Contacts as the admin makes them (tags and extra info on them), and their tickets: one
  // open with the agent, one waiting in the agent's queue.
  const contact = (name: string, number: string) =>
    admin.call('contactsCreate', {
      body: { name, number, extraInfo: [{ name: 'valor', value: '100' }] },
    });
  R.mine.contact = (await contact('Sweep Mine', NUMBERS.mine)).id;
  R.waiting.contact = (await contact('Sweep Waiting', NUMBERS.waiting)).id;
  R.listed = (await contact('Sweep Listed', NUMBERS.listed)).id;
  const mine = await admin.call('ticketsCreate', {
    body: {
      contactId: R.mine.contact,
      queueId: R.queue,
      whatsappId: R.whatsapp,
      userId: agent.user.id,
      status: 'open',
    },
  });
  R.mine.ticket = mine.id;
  R.mine.uuid = mine.uuid;
  R.waiting.ticket = (
    await admin.call('ticketsCreate', {
      body: {
        contactId: R.waiting.contact,
        queueId: R.queue,
        whatsappId: R.whatsapp,
        status: 'pending',
      },
    })
  ).id;
  await q(
    `INSERT INTO messages ("companyId", "ticketId", "contactId", body, "fromMe", read, ack, "mediaType")
     VALUES ($1, $2, $3, 'Olá, sou o cliente', false, false, 0, 'chat')`,
    [R.companyId, R.mine.ticket, R.mine.contact],
  );
  await agent.call('messagesStore', {
    params: { ticketId: R.mine.ticket },
    body: { body: 'Olá, em que posso ajudar?' },
  });
  R.tag = (await admin.call('tagsCreate', { body: { name: 'Sweep tag' } })).id;
  R.lane = (await admin.call('tagsCreate', { body: { name: 'Sweep lane', kanban: 1 } })).id;
  for (const contactId of [R.mine.contact, R.waiting.contact, R.listed])
    await admin.call('tagsSync', { body: { contactId, tags: [{ id: R.tag }] } });
  await admin.call('ticketTagsStore', { params: { ticketId: R.mine.ticket, tagId: R.lane } });
  await agent.call('ticketNotesCreate', { body: { note: 'Nota', ticketId: R.mine.ticket } });
  R.schedule = (
    await agent.call('schedulesCreate', {
      body: {
        body: 'Lembrete',
        contactId: R.mine.contact,
        sendAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    })
  ).id;
  R.chat = (
    await agent.call('chatsCreate', { body: { title: 'Sweep chat', users: [admin.user.id] } })
  ).id;
  R.contactList = (await admin.call('contactListsCreate', { body: { name: 'Sweep list' } })).id;
  R.contactListItem = (
    await admin.call('contactListItemsCreate', {
      body: { contactListId: R.contactList, name: 'Sweep item', number: NUMBERS.item },
    })
  ).id;
  R.campaign = (
    await admin.call('campaignsCreate', {
      body: { name: 'Sweep campaign', whatsappId: R.whatsapp, contactListId: R.contactList },
    })
  ).id;
  R.quickMessage = (
    await agent.call('quickMessagesCreate', { body: { shortcode: 'sweep', message: 'Oi' } })
  ).id;
  const first = async (table: string) =>
    (
      await q<{ id: number }>(`SELECT id FROM ${table} WHERE "companyId" = $1 LIMIT 1`, [
        R.companyId,
      ])
    )[0]?.id ?? 1;
  R.file = await first('files');
  R.prompt = await first('prompts');
  R.integration = await first('queue_integrations');
  R.chatbot = await first('queue_options');
  R.announcement = (await q<{ id: number }>('SELECT id FROM announcements LIMIT 1'))[0]?.id ?? 1;

  // The agent's flags that open the dashboard, the reports and the live panel to a profile user.
  await q(
    `UPDATE users SET "showDashboard" = 'enabled', "allowRealTime" = 'enabled' WHERE id = $1`,
    [agent.user.id],
  );
  await setting(admin, 'enableLGPD', 'enabled');
  await setting(admin, 'lgpdHideNumber', 'enabled');
}, 120_000);
afterAll(() => t?.close());

/** The path parameters of each GET route that has some: real ids of company A. */
function pathParams(): Partial<Record<RouteName, Record<string, string | number>>> {
  return {
    announcementsShow: { id: R.announcement },
    // Not a CNPJ: refused before any lookup leaves the machine.
    consultaCnpj: { cnpj: 'none' },
    campaignsShow: { id: R.campaign },
    chatbotShow: { id: R.chatbot },
    chatsMessages: { id: R.chat },
    companiesListPlan: { id: R.companyId },
    companiesShow: { id: R.companyId },
    whatsappShow: { id: R.whatsapp },
    whatsappAdminShow: { id: R.whatsapp },
    contactListsShow: { id: R.contactList },
    contactListItemsShow: { id: R.contactListItem },
    contactsProfile: { number: NUMBERS.mine },
    contactsShow: { id: R.mine.contact },
    filesShow: { id: R.file },
    internalCompanyShow: { id: R.companyId },
    messagesIndex: { ticketId: R.mine.ticket },
    plansShow: { id: 1 },
    promptsShow: { id: R.prompt },
    queueIntegrationsShow: { id: R.integration },
    queuesShow: { id: R.queue },
    quickMessagesShow: { id: R.quickMessage },
    schedulesShow: { id: R.schedule },
    sessionMedia: { file: 'none.png' },
    sessionMessageContent: { wid: '3EB0NONE' },
    publicSetting: { key: 'appLogoLight' },
    settingsShow: { key: 'userRating' },
    companySettingsShow: { id: R.companyId },
    tagsShow: { id: R.tag },
    tagsContacts: { id: R.tag },
    contactTagsShow: { contactId: R.mine.contact },
    ticketMigrationShow: { migrationId: 1 },
    ticketsShowUuid: { ticketId: R.mine.uuid },
    ticketsShow: { id: R.mine.ticket },
    ticketsLog: { ticketId: R.mine.ticket },
    usersShow: { id: agent.user.id },
  };
}

/** Query strings each route is called with besides none: the tabs, filters and owners. */
function queries(): Partial<Record<RouteName, string[]>> {
  return {
    ticketsIndex: [
      'status=open',
      'status=pending',
      'status=search&searchParam=Sweep',
      'status=open&showAll=true',
    ],
    messagesIndex: ['pageNumber=1'],
    messagesMedia: [`contactId=${R.mine.contact}`],
    contactsIndex: ['searchParam=Sweep', `contactTag=[${R.tag}]`],
    contactListItemsIndex: [`contactListId=${R.contactList}`],
    ticketNotesList: [`ticketId=${R.mine.ticket}`, `contactId=${R.mine.contact}`],
    schedulesIndex: [`contactId=${R.mine.contact}`],
    kanbanTickets: [`queueIds=[${R.queue}]`],
    ticketReportsIndex: [`contactId=${R.mine.contact}`],
    companySettingOne: ['column=lgpdHideNumber'],
  };
}

const getRoutes = Object.entries(routes as Record<string, RouteDef>).filter(
  ([, r]) => r.method === 'GET',
) as [RouteName, RouteDef][];

function fill(name: RouteName, def: RouteDef): string {
  const values = pathParams()[name] ?? {};
  return def.path.replace(/:([A-Za-z_]+)/g, (_, p: string) => {
    const v = values[p];
    if (v === undefined) throw new Error(`${name}: no real value for :${p}`);
    return encodeURIComponent(String(v));
  });
}

/** What a client receives, as text: JSON as sent; a spreadsheet as its cells' values. */
async function received(res: Response): Promise<string> {
  const type = res.headers.get('content-type') ?? '';
  if (/spreadsheetml/.test(type)) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    return JSON.stringify(wb.worksheets.map((w) => w.getSheetValues()));
  }
  return res.text();
}

/** The full numbers found in a text. */
const fullNumbersIn = (text: string) => ALL_NUMBERS.filter((n) => text.includes(n));

/** Every GET route of the contract with each of its query strings. */
function calls(): { label: string; name: RouteName; path: string }[] {
  const out: { label: string; name: RouteName; path: string }[] = [];
  for (const [name, def] of getRoutes) {
    const p = fill(name, def);
    for (const qs of ['', ...(queries()[name] ?? [])]) {
      const path = qs ? `${p}?${qs}` : p;
      out.push({ label: `${name} GET ${path}`, name, path });
    }
  }
  return out;
}

describe('LGPD hide-number sweep over every GET route of the contract', () => {
  it('has real ids for every path parameter', () => {
    expect(getRoutes.length).toBeGreaterThan(50);
    for (const [name, def] of getRoutes) expect(() => fill(name, def), name).not.toThrow();
  });

  it('sends a profile user no full contact number, from any GET route', async () => {
    const leaks: string[] = [];
    const reached = new Set<RouteName>();
    for (const c of calls()) {
      const res = await agent.raw('GET', c.path);
      const text = await received(res);
      if (res.status < 300) reached.add(c.name);
      const found = fullNumbersIn(text);
      if (found.length) leaks.push(`${c.label} → ${res.status} carries ${found.join(', ')}`);
    }
    expect(leaks).toEqual([]);
    // The sweep reached the routes that carry contacts (not refused before the handler).
    for (const name of [
      'contactsIndex',
      'contactsShow',
      'contactsList',
      'contactsProfile',
      'contactsExport',
      'tagsContacts',
      'ticketsIndex',
      'ticketsShow',
      'ticketsShowUuid',
      'messagesIndex',
      'kanbanTickets',
      'schedulesShow',
      'dashboardMoments',
      'ticketReportsIndex',
    ] as RouteName[])
      expect(reached, name).toContain(name);
  });

  it('masks rather than drops: the profile user sees the last four digits', async () => {
    const shown = await agent.call('contactsShow', { params: { id: R.mine.contact } });
    expect(shown.number).toBe(masked(NUMBERS.mine));
    const tagged = await agent.call('tagsContacts', { params: { id: R.tag } });
    expect(tagged.map((c) => c.number).sort()).toEqual(
      [NUMBERS.mine, NUMBERS.waiting, NUMBERS.listed].map(masked).sort(),
    );
    const page = await agent.call('messagesIndex', { params: { ticketId: R.mine.ticket } });
    expect(page.ticket.contact!.number).toBe(masked(NUMBERS.mine));
  });

  it('finds no contact or ticket by the digits it hides', async () => {
    const digits = NUMBERS.mine.slice(2, 9);
    const search = `/tickets?status=search&searchParam=${digits}`;
    const ids = async (c: Logged) =>
      ((await (await c.raw('GET', search)).json()) as { tickets: { id: number }[] }).tickets.map(
        (x) => x.id,
      );
    expect(await ids(agent)).toEqual([]);
    expect(await ids(admin)).toContain(R.mine.ticket);
    expect(
      (await agent.call('contactsIndex', { query: { searchParam: digits } })).contacts,
    ).toEqual([]);
  });

  it('answers the profile user’s own writes masked too', async () => {
    const created = await agent.raw('POST', '/contacts', {
      name: 'Sweep Agent Made',
      number: '5511900007777',
    });
    const made = (await created.json()) as { id: number; number: string };
    expect(made.number).toBe(masked('5511900007777'));
    const answers = [
      await agent.raw('PUT', `/contacts/${made.id}`, { name: 'Sweep Agent Made 2' }),
      await agent.raw('PUT', `/contacts/toggleDisableBot/${R.mine.contact}`),
      await agent.raw('PUT', `/contacts/block/${R.listed}`, { active: true }),
      await agent.raw('PUT', `/tickets/${R.mine.ticket}`, { chatbot: false }),
      await agent.raw('POST', '/tickets', {
        contactId: made.id,
        queueId: R.queue,
        whatsappId: R.whatsapp,
        userId: agent.user.id,
        status: 'open',
      }),
    ];
    for (const res of answers) {
      const text = await res.text();
      expect(res.status, `${res.url}: ${text.slice(0, 200)}`).toBeLessThan(300);
      expect([...fullNumbersIn(text), ...(text.includes('5511900007777') ? ['made'] : [])]).toEqual(
        [],
      );
    }
  });

  it('sends admins the full numbers on the same routes', async () => {
    const missing: string[] = [];
    for (const [name, expected] of [
      ['contactsShow', NUMBERS.mine],
      ['tagsContacts', NUMBERS.listed],
      ['ticketsShow', NUMBERS.mine],
      ['messagesIndex', NUMBERS.mine],
      ['contactListItemsShow', NUMBERS.item],
    ] as [RouteName, string][]) {
      const text = await (await admin.raw('GET', fill(name, routes[name] as RouteDef))).text();
      if (!text.includes(expected)) missing.push(name);
    }
    const list = await (await admin.raw('GET', '/tickets?status=open&showAll=true')).text();
    if (!list.includes(NUMBERS.mine)) missing.push('ticketsIndex');
    expect(missing).toEqual([]);
  });

  it('sends a super admin the full numbers of their company', async () => {
    const c = await su.call('contactsCreate', {
      body: { name: 'Sweep Platform', number: NUMBERS.platform },
    });
    await setting(su, 'enableLGPD', 'enabled');
    await setting(su, 'lgpdHideNumber', 'enabled');
    try {
      expect((await su.call('contactsShow', { params: { id: c.id } })).number).toBe(
        NUMBERS.platform,
      );
    } finally {
      await setting(su, 'lgpdHideNumber', 'disabled');
    }
  });
});

describe('LGPD hide-number on the profile user’s socket', () => {
  const sockets: Socket[] = [];
  afterAll(() => sockets.forEach((s) => s.disconnect()));

  /** A user's socket in every room the console joins, recording every event it receives. */
  async function listen(c: Logged, ticketId: number) {
    const s = await companySocket(t.url, c);
    sockets.push(s);
    const seen: { event: string; text: string }[] = [];
    s.onAny((event: string, payload: unknown) =>
      seen.push({ event, text: JSON.stringify(payload) }),
    );
    for (const status of ['open', 'pending', 'closed', 'group', 'lgpd', 'nps'])
      s.emit('joinTickets', status);
    s.emit('joinNotification');
    s.emit('joinChatBox', String(ticketId));
    // The joins are handled in order after the handshake; the next ping proves they were.
    await new Promise((r) => setTimeout(r, 200));
    return seen;
  }

  async function until(check: () => boolean, what: string): Promise<void> {
    const end = Date.now() + 8000;
    while (!check()) {
      if (Date.now() > end) throw new Error(`not received: ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('pushes no full number to a profile user while an admin creates and updates contacts and tickets', async () => {
    const agentSeen = await listen(agent, R.mine.ticket);
    const adminSeen = await listen(admin, R.mine.ticket);

    const live = await admin.call('contactsCreate', {
      body: { name: 'Sweep Live', number: NUMBERS.live },
    });
    await admin.call('contactsUpdate', {
      params: { id: live.id },
      body: { name: 'Sweep Live 2', extraInfo: [{ name: 'valor', value: '5' }] },
    });
    await admin.call('tagsSync', { body: { contactId: live.id, tags: [{ id: R.tag }] } });
    const ticket = await admin.call('ticketsCreate', {
      body: {
        contactId: live.id,
        queueId: R.queue,
        whatsappId: R.whatsapp,
        userId: agent.user.id,
        status: 'open',
      },
    });
    await admin.call('ticketsUpdate', { params: { id: ticket.id }, body: { chatbot: true } });
    await admin.call('ticketTagsStore', { params: { ticketId: ticket.id, tagId: R.lane } });
    await agent.call('messagesStore', {
      params: { ticketId: ticket.id },
      body: { body: 'Mensagem ao vivo' },
    });
    await admin.call('ticketsUpdate', {
      params: { id: R.mine.ticket },
      body: { queueId: R.queue, userId: agent.user.id },
    });
    await admin.call('messagesStore', {
      params: { ticketId: R.mine.ticket },
      body: { body: 'Do admin' },
    });
    await admin.call('ticketsUpdate', { params: { id: ticket.id }, body: { status: 'closed' } });

    const kinds = (seen: { event: string }[]) => new Set(seen.map((s) => s.event.split('-')[2]));
    await until(
      () => ['contact', 'ticket', 'appMessage'].every((k) => kinds(agentSeen).has(k)),
      'contact, ticket and appMessage events on the agent’s socket',
    );
    await until(
      () => adminSeen.filter((s) => s.text.includes('Do admin')).length > 0,
      'the last message on the admin’s socket',
    );
    await new Promise((r) => setTimeout(r, 300));

    const leaks = agentSeen
      .filter((s) => fullNumbersIn(s.text).length > 0)
      .map((s) => `${s.event} ${s.text.slice(0, 160)}`);
    expect(leaks).toEqual([]);
    expect(agentSeen.some((s) => s.text.includes(masked(NUMBERS.live)))).toBe(true);
    // Admins receive the same events with the full number.
    expect(adminSeen.some((s) => s.text.includes(NUMBERS.live))).toBe(true);
  });
});
