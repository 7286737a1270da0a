import type { InboundMessage } from '@atendo/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  LocalChannelAdapter,
  singleAdapterRegistry,
} from '@atendo/core/channels/channel-adapter.js';
import { receiveInbound } from '@atendo/core/modules/inbound/receive-inbound.js';
import { receiveMessage } from '@atendo/core/modules/inbound/receive-message.js';
import { AUDIO_REFUSAL } from '@atendo/core/modules/inbound/steps/audio-refusal.js';
import {
  DEMO_ADMIN,
  DEMO_AGENT,
  startTestApi,
  type TestApi,
  type TestClient,
} from './support/api.js';
import { sql } from './support/sql.js';

/**
 * The bot steps of the inbound pipeline (docs/product/inbound.md#pipeline-steps, A.5, B, C), each driven through the
 * real core (receiveInbound / receiveMessage) over the real database; what "the customer"
 * received is what the local channel adapter was asked to send.
 */
let t: TestApi;
let admin: TestClient & { user: { id: number; companyId: number } };
const adapter = new LocalChannelAdapter();
const A = { companyId: 0, agentId: 0, adminId: 0 };
let seq = 0;

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  sql<T>(t.databaseUrl, text, params);
const number = () => `5511966${String(++seq).padStart(6, '0')}`;
const message = (from: string, body: string, extra: Partial<InboundMessage> = {}) =>
  ({
    type: 'message',
    wid: `S${++seq}-${Date.now()}`,
    fromMe: false,
    contact: { number: from, name: 'Rita Souza' },
    kind: 'chat',
    body,
    isForwarded: false,
    ...extra,
  }) as InboundMessage;

/** One customer message through the pipeline entry; resolves with the ticket id. */
async function send(wa: number, from: string, body: string, extra: Partial<InboundMessage> = {}) {
  const r = await receiveInbound(
    t.api.ctx,
    { companyId: A.companyId, whatsappId: wa },
    message(from, body, extra),
  );
  return r.ticketId!;
}
/** The same at a given moment (the turn's clock), for the rules that read the time. */
async function sendAt(wa: number, from: string, body: string, now: Date) {
  const r = await receiveMessage(
    t.api.ctx,
    { companyId: A.companyId, whatsappId: wa },
    message(from, body),
    undefined,
    now,
  );
  return r.ticketId!;
}
/** What the customer of a ticket received, oldest first. */
const said = (ticketId: number) =>
  adapter.sent.filter((s) => s.ticketId === ticketId).map((s) => s.body);
const ticketOf = async (id: number) =>
  (
    await q<{
      status: string;
      queueId: number | null;
      userId: number | null;
      amountUsedBotQueues: number;
      amountUsedBotQueuesNPS: number;
      chatbot: boolean;
      queueOptionId: number | null;
      useIntegration: boolean;
      integrationId: number | null;
      lgpdAccepted: boolean;
      contactId: number;
    }>(`SELECT * FROM tickets WHERE id = $1`, [id])
  )[0]!;
const logsOf = async (id: number) =>
  (
    await q<{ type: string }>(`SELECT type FROM logs_tickets WHERE "ticketId" = $1 ORDER BY id`, [
      id,
    ])
  ).map((r) => r.type);

const changed: string[] = [];
async function setting(key: string, value: string) {
  changed.push(key);
  await admin.call('settingsUpdate', { params: { key }, body: { value } });
}
const DEFAULTS: Record<string, string> = {
  scheduleType: 'disabled',
  enableLGPD: 'disabled',
  lgpdMessage: '',
  lgpdLink: '',
  acceptAudioMessageContact: 'enabled',
  sendGreetingMessageOneQueues: 'enabled',
  sendQueuePosition: 'disabled',
  sendQueuePositionMessage: '',
  userRandom: 'disabled',
  DirectTicketsToWallets: 'false',
};
afterEach(async () => {
  for (const key of changed.splice(0))
    await admin.call('settingsUpdate', { params: { key }, body: { value: DEFAULTS[key]! } });
});

/** A week where every day is open 00:00–23:59, or none is (no entry for any day). */
const ALWAYS_OPEN = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
].map((weekdayEn) => ({
  weekday: weekdayEn,
  weekdayEn,
  startTimeA: '00:00',
  endTimeA: '23:59',
  startTimeB: '',
  endTimeB: '',
}));
const NEVER_OPEN: unknown[] = [];

/** A connection of its own per test, with the given columns. */
async function connection(cols: Record<string, unknown> = {}): Promise<number> {
  const all = {
    complationMessage: 'Atendimento encerrado. Obrigado!',
    greetingMessage: 'Olá! Escolha um setor:',
    ...cols,
  };
  const keys = Object.keys(all);
  const [row] = await q<{ id: number }>(
    `INSERT INTO whatsapps ("companyId", name, status, ${keys.map((k) => `"${k}"`).join(', ')})
     VALUES ($1, $2, 'CONNECTED', ${keys.map((_, i) => `$${i + 3}`).join(', ')}) RETURNING id`,
    [
      A.companyId,
      `Bot ${++seq}`,
      ...keys.map((k) =>
        k === 'schedules' ? JSON.stringify(all[k as keyof typeof all]) : all[k as keyof typeof all],
      ),
    ],
  );
  return row!.id;
}
async function queue(wa: number | null, cols: Record<string, unknown> = {}): Promise<number> {
  const all = { name: `Fila ${++seq}`, color: `#${(0x100000 + seq).toString(16)}`, ...cols };
  const keys = Object.keys(all);
  const [row] = await q<{ id: number }>(
    `INSERT INTO queues ("companyId", ${keys.map((k) => `"${k}"`).join(', ')})
     VALUES ($1, ${keys.map((_, i) => `$${i + 2}`).join(', ')}) RETURNING id`,
    [
      A.companyId,
      ...keys.map((k) =>
        k === 'schedules' ? JSON.stringify(all[k as keyof typeof all]) : all[k as keyof typeof all],
      ),
    ],
  );
  if (wa)
    await q(
      `INSERT INTO whatsapp_queues ("companyId", "whatsappId", "queueId", "createdAt", "updatedAt") VALUES ($1, $2, $3, now(), now())`,
      [A.companyId, wa, row!.id],
    );
  return row!.id;
}
async function option(queueId: number, cols: Record<string, unknown>): Promise<number> {
  const keys = Object.keys(cols);
  const [row] = await q<{ id: number }>(
    `INSERT INTO queue_options ("companyId", "queueId", ${keys.map((k) => `"${k}"`).join(', ')})
     VALUES ($1, $2, ${keys.map((_, i) => `$${i + 3}`).join(', ')}) RETURNING id`,
    [A.companyId, queueId, ...keys.map((k) => cols[k])],
  );
  return row!.id;
}
const menuOf = (greeting: string, names: string[]) =>
  `${greeting}\n\n${names.map((n, i) => `*[ ${i + 1} ]* - ${n}`).join('\n')}\n\n*[ Sair ]* - Encerrar atendimento`;
const optionsOf = (greeting: string, names: string[]) =>
  `${greeting}\n\n${names.map((n, i) => `*[ ${i + 1} ]* - ${n}`).join('\n')}\n\n*[ # ]* - Voltar\n*[ Sair ]* - Encerrar atendimento`;

beforeAll(async () => {
  t = await startTestApi({}, { channels: singleAdapterRegistry(adapter) });
  admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  A.companyId = admin.user.companyId;
  A.adminId = admin.user.id;
  const [agent] = await q<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [
    DEMO_AGENT.email,
  ]);
  A.agentId = agent!.id;
}, 60_000);
afterAll(() => t?.close());

describe('1. collective vacation', () => {
  it('inside its dates answers the vacation message and nothing else runs', async () => {
    const wa = await connection({
      collectiveVacationStart: '2026-12-20',
      collectiveVacationEnd: '2027-01-05',
      collectiveVacationMessage: 'Estamos em férias coletivas até 05/01.',
    });
    await queue(wa, { name: 'Suporte V' });
    await queue(wa, { name: 'Vendas V' });
    // 23:30 on Dec 19 in São Paulo is already Dec 20 in UTC: the company's calendar decides.
    const before = await sendAt(wa, number(), 'oi', new Date('2026-12-20T02:30:00Z'));
    expect(said(before)[0]).toContain('Escolha um setor');
    const from = number();
    const id = await sendAt(wa, from, 'oi', new Date('2026-12-24T15:00:00Z'));
    expect(said(id)).toEqual(['Estamos em férias coletivas até 05/01.']);
    expect(await ticketOf(id)).toMatchObject({ status: 'pending', queueId: null });
  });
});

describe('2. NPS answer', () => {
  async function npsTicket(cols: Record<string, unknown> = {}) {
    const wa = await connection({ ratingMessage: 'De 0 a 10, que nota nos dá?', ...cols });
    const from = number();
    const id = await send(wa, from, 'oi');
    await q(`UPDATE tickets SET status = 'nps', "userId" = $2 WHERE id = $1`, [id, A.agentId]);
    return { wa, from, id };
  }

  it('a number is stored clamped to 10, the completion message is sent and the ticket closes', async () => {
    const { wa, from, id } = await npsTicket();
    await send(wa, from, '15');
    expect(said(id)).toEqual(['Atendimento encerrado. Obrigado!']);
    expect((await ticketOf(id)).status).toBe('closed');
    const [rating] = await q<{ rate: number; userId: number }>(
      `SELECT rate, "userId" FROM user_ratings WHERE "ticketId" = $1`,
      [id],
    );
    expect(rating).toEqual({ rate: 10, userId: A.agentId });
    const [cycle] = await q<{ rated: boolean; closedAt: Date | null }>(
      `SELECT rated, "closedAt" FROM ticket_traking WHERE "ticketId" = $1 ORDER BY id DESC LIMIT 1`,
      [id],
    );
    expect(cycle!.rated).toBe(true);
    expect(cycle!.closedAt).not.toBeNull();
  });

  it('anything else re-asks up to maxUseBotQueuesNPS, then the ticket closes unrated', async () => {
    const { wa, from, id } = await npsTicket({ maxUseBotQueuesNPS: 2 });
    await send(wa, from, 'foi ótimo');
    await send(wa, from, 'nota dez');
    expect(said(id)).toEqual(['De 0 a 10, que nota nos dá?', 'De 0 a 10, que nota nos dá?']);
    expect(await ticketOf(id)).toMatchObject({ status: 'nps', amountUsedBotQueuesNPS: 2 });
    await send(wa, from, 'tchau');
    expect((await ticketOf(id)).status).toBe('closed');
    expect(said(id).at(-1)).toBe('Atendimento encerrado. Obrigado!');
    expect(await q(`SELECT 1 FROM user_ratings WHERE "ticketId" = $1`, [id])).toHaveLength(0);
  });
});

describe('3. LGPD consent', () => {
  async function lgpdSetup(tag: string) {
    await setting('enableLGPD', 'enabled');
    await setting('lgpdMessage', 'Tratamos seus dados conforme a LGPD.');
    await setting('lgpdLink', 'https://example.com/privacidade');
    const wa = await connection();
    await queue(wa, { name: `Suporte ${tag}` });
    await queue(wa, { name: `Vendas ${tag}` });
    return wa;
  }
  const ASK = [
    'Tratamos seus dados conforme a LGPD.',
    'https://example.com/privacidade',
    '[1] Sim [2] Não',
  ];

  it('asks consent first; "1" stores the acceptance, the ticket waits in pending and the menu follows', async () => {
    const wa = await lgpdSetup('L1');
    const from = number();
    const id = await send(wa, from, 'oi');
    expect((await ticketOf(id)).status).toBe('lgpd');
    expect(said(id)).toEqual(ASK);
    await send(wa, from, '1');
    const ticket = await ticketOf(id);
    expect(ticket).toMatchObject({ status: 'pending', lgpdAccepted: true, queueId: null });
    const [contact] = await q<{ lgpdAcceptedAt: Date | null }>(
      `SELECT "lgpdAcceptedAt" FROM contacts WHERE id = $1`,
      [ticket.contactId],
    );
    expect(contact!.lgpdAcceptedAt).not.toBeNull();
    expect(await logsOf(id)).toContain('lgpd');
    // "1" answered the consent question: it does not also pick the first queue.
    expect(said(id).at(-1)).toBe(menuOf('Olá! Escolha um setor:', ['Suporte L1', 'Vendas L1']));
  });

  it('"2" sends the completion message and closes; anything else asks again within maxUseBotQueues', async () => {
    const wa = await lgpdSetup('L2');
    await q(`UPDATE whatsapps SET "maxUseBotQueues" = 1 WHERE id = $1`, [wa]);
    const from = number();
    const id = await send(wa, from, 'oi');
    await send(wa, from, 'talvez');
    expect(said(id)).toEqual([...ASK, ...ASK]);
    await send(wa, from, 'hein?');
    expect(said(id)).toHaveLength(6); // beyond maxUseBotQueues: silent
    await send(wa, from, '2');
    expect(said(id).at(-1)).toBe('Atendimento encerrado. Obrigado!');
    expect(await ticketOf(id)).toMatchObject({ status: 'closed', lgpdAccepted: false });
  });
});

describe('4. out of hours', () => {
  const NOTICE = 'Estamos fora do horário. Voltamos às 8h.';

  it('connection hours closed: the notice once per burst (timeUseBotQueues), the bot does nothing else', async () => {
    await setting('scheduleType', 'connection');
    const wa = await connection({
      schedules: NEVER_OPEN,
      outOfHoursMessage: NOTICE,
      timeUseBotQueues: 10,
    });
    await queue(wa, { name: 'Suporte H' });
    await queue(wa, { name: 'Vendas H' });
    const from = number();
    const t0 = new Date('2026-11-23T23:00:00Z');
    const id = await sendAt(wa, from, 'oi', t0);
    await sendAt(wa, from, 'alguém?', new Date(t0.getTime() + 60_000));
    expect(said(id)).toEqual([NOTICE]);
    await sendAt(wa, from, 'olá?', new Date(t0.getTime() + 11 * 60_000));
    expect(said(id)).toEqual([NOTICE, NOTICE]);
    expect(await ticketOf(id)).toMatchObject({
      status: 'pending',
      queueId: null,
      amountUsedBotQueues: 2,
    });
  });

  it('silent after maxUseBotQueues notices', async () => {
    await setting('scheduleType', 'connection');
    const wa = await connection({
      schedules: NEVER_OPEN,
      outOfHoursMessage: NOTICE,
      maxUseBotQueues: 1,
    });
    const from = number();
    const id = await send(wa, from, 'oi');
    await send(wa, from, 'oi de novo');
    expect(said(id)).toEqual([NOTICE]);
  });

  it('company hours, in the company time zone; open hours let the menu run; disabled is always open', async () => {
    await setting('scheduleType', 'company');
    const res = await admin.raw('PUT', `/companies/${A.companyId}/schedules`, {
      schedules: [
        {
          weekday: 'Segunda-feira',
          weekdayEn: 'monday',
          startTimeA: '08:00',
          endTimeA: '12:00',
          startTimeB: '13:00',
          endTimeB: '18:00',
        },
      ],
    });
    expect(res.status).toBe(200);
    const wa = await connection({ outOfHoursMessage: NOTICE });
    await queue(wa, { name: 'Suporte C' });
    await queue(wa, { name: 'Vendas C' });
    // Monday 12:30 UTC is 09:30 in São Paulo: open. Monday 22:00 UTC is 19:00 there: closed.
    const open = await sendAt(wa, number(), 'oi', new Date('2026-11-23T12:30:00Z'));
    expect(said(open)[0]).toBe(menuOf('Olá! Escolha um setor:', ['Suporte C', 'Vendas C']));
    const closed = await sendAt(wa, number(), 'oi', new Date('2026-11-23T22:00:00Z'));
    expect(said(closed)).toEqual([NOTICE]);
    await setting('scheduleType', 'disabled');
    const always = await sendAt(wa, number(), 'oi', new Date('2026-11-23T22:00:00Z'));
    expect(said(always)[0]).toContain('*[ 1 ]* - Suporte C');
  });

  it("queue hours apply to a ticket already in its queue, with the queue's message", async () => {
    await setting('scheduleType', 'queue');
    const wa = await connection({ outOfHoursMessage: NOTICE });
    const q1 = await queue(wa, {
      name: 'Noturna',
      schedules: NEVER_OPEN,
      outOfHoursMessage: 'A fila Noturna abre às 20h.',
    });
    const from = number();
    // The connection's only queue: entered at once, and closed.
    const id = await send(wa, from, 'oi');
    expect(await ticketOf(id)).toMatchObject({ queueId: q1, status: 'pending' });
    await send(wa, from, 'tem alguém?');
    expect(said(id)).toEqual(['A fila Noturna abre às 20h.', 'A fila Noturna abre às 20h.']);
  });
});

describe('5. queue menu', () => {
  it('several queues: greeting and numbered queues by orderQueue, invalid input re-sends it, a digit picks', async () => {
    const wa = await connection();
    const vendas = await queue(wa, {
      name: 'Vendas M',
      orderQueue: 2,
      greetingMessage: 'Bem-vindo a Vendas!',
    });
    await queue(wa, { name: 'Suporte M', orderQueue: 1 });
    const from = number();
    const id = await send(wa, from, 'oi');
    const menu = menuOf('Olá! Escolha um setor:', ['Suporte M', 'Vendas M']);
    expect(said(id)).toEqual([menu]);
    await send(wa, from, '7');
    expect(said(id)).toEqual([menu, menu]);
    expect((await ticketOf(id)).amountUsedBotQueues).toBe(2);
    await send(wa, from, '2');
    expect(said(id).at(-1)).toBe('Bem-vindo a Vendas!');
    expect(await ticketOf(id)).toMatchObject({
      queueId: vendas,
      status: 'pending',
      amountUsedBotQueues: 0,
    });
    expect(await logsOf(id)).toContain('queue');
  });

  it("with the connection's greeting media, the menu goes as that media's caption", async () => {
    const wa = await connection({ greetingMediaAttachment: 'menu-2026.png' });
    await queue(wa, { name: 'Mídia A' });
    await queue(wa, { name: 'Mídia B' });
    const id = await send(wa, number(), 'oi');
    const [menu] = adapter.sent.filter((s) => s.ticketId === id);
    expect(menu).toMatchObject({
      body: menuOf('Olá! Escolha um setor:', ['Mídia A', 'Mídia B']),
      mediaType: 'image',
      mediaFile: 'menu-2026.png',
    });
  });

  it('"Sair" closes with the completion message', async () => {
    const wa = await connection();
    await queue(wa);
    await queue(wa);
    const from = number();
    const id = await send(wa, from, 'oi');
    await send(wa, from, 'SAIR');
    expect(said(id).at(-1)).toBe('Atendimento encerrado. Obrigado!');
    expect((await ticketOf(id)).status).toBe('closed');
  });

  it('silent after maxUseBotQueues menus and within timeUseBotQueues of the last one', async () => {
    const wa = await connection({ maxUseBotQueues: 2 });
    await queue(wa);
    await queue(wa);
    const from = number();
    const id = await send(wa, from, 'oi');
    await send(wa, from, 'a');
    await send(wa, from, 'b');
    expect(said(id)).toHaveLength(2);

    const timed = await connection({ maxUseBotQueues: 0, timeUseBotQueues: 5 });
    await queue(timed);
    await queue(timed);
    const other = number();
    const t0 = new Date();
    const id2 = await sendAt(timed, other, 'oi', t0);
    await sendAt(timed, other, 'x', new Date(t0.getTime() + 2 * 60_000));
    expect(said(id2)).toHaveLength(1);
    await sendAt(timed, other, 'y', new Date(t0.getTime() + 6 * 60_000));
    expect(said(id2)).toHaveLength(2);
  });

  it('one queue is entered at once; its greeting only with sendGreetingMessageOneQueues; closeTicket closes', async () => {
    const wa = await connection();
    const only = await queue(wa, { greetingMessage: 'Fila única, já vamos atender.' });
    const id = await send(wa, number(), 'oi');
    expect(said(id)).toEqual(['Fila única, já vamos atender.']);
    expect(await ticketOf(id)).toMatchObject({ queueId: only, status: 'pending' });
    expect(await logsOf(id)).toContain('queue');

    await setting('sendGreetingMessageOneQueues', 'disabled');
    const quiet = await send(wa, number(), 'oi');
    expect(said(quiet)).toEqual([]);
    expect((await ticketOf(quiet)).queueId).toBe(only);

    const closing = await connection();
    await queue(closing, { closeTicket: true, greetingMessage: 'Informação enviada.' });
    await setting('sendGreetingMessageOneQueues', 'enabled');
    const closed = await send(closing, number(), 'oi');
    expect(said(closed)).toEqual(['Informação enviada.']);
    expect((await ticketOf(closed)).status).toBe('closed');
  });
});

describe('6. audio refusal', () => {
  it('refuses audio when the contact or the company does not accept it, and only then', async () => {
    const wa = await connection();
    const from = number();
    const first = await send(wa, from, '', { kind: 'audio' });
    expect(said(first)).toEqual([]);
    await q(`UPDATE contacts SET "acceptAudioMessage" = false WHERE number = $1`, [from]);
    await send(wa, from, '', { kind: 'audio' });
    expect(said(first)).toEqual([AUDIO_REFUSAL]);
    await send(wa, from, 'texto');
    expect(said(first)).toHaveLength(1);

    await setting('acceptAudioMessageContact', 'disabled');
    const other = await send(wa, number(), '', { kind: 'audio' });
    expect(said(other)).toEqual([AUDIO_REFUSAL]);
    expect((await ticketOf(other)).status).toBe('pending');
  });
});

describe('7. queue schedule of a chosen queue', () => {
  it('a queue out of its hours answers its outOfHoursMessage instead of its greeting', async () => {
    await setting('scheduleType', 'queue');
    const wa = await connection();
    const night = await queue(wa, {
      name: 'Plantão',
      schedules: NEVER_OPEN,
      outOfHoursMessage: 'O Plantão atende das 20h às 6h.',
      greetingMessage: 'Plantão aqui!',
    });
    await queue(wa, {
      name: 'Comercial',
      schedules: ALWAYS_OPEN,
      greetingMessage: 'Comercial aqui!',
    });
    const from = number();
    const id = await send(wa, from, 'oi');
    await send(wa, from, '1');
    expect(said(id).at(-1)).toBe('O Plantão atende das 20h às 6h.');
    expect(await ticketOf(id)).toMatchObject({ queueId: night, status: 'pending' });
    const open = number();
    const id2 = await send(wa, open, 'oi');
    await send(wa, open, '2');
    expect(said(id2).at(-1)).toBe('Comercial aqui!');
  });
});

describe('8. option tree', () => {
  let trees = 0;
  async function tree() {
    const wa = await connection();
    const sac = await queue(wa, { name: `SAC ${++trees}`, greetingMessage: 'SAC: como ajudar?' });
    await queue(wa, { name: `Outra ${trees}` });
    const financeiro = await queue(null, { name: `Financeiro ${seq}` });
    await option(sac, {
      name: 'Horários',
      queueType: 'text',
      greetingMessage: 'Abrimos às 8h.',
      order: 1,
    });
    const vendas = await option(sac, {
      name: 'Vendas',
      queueType: 'text',
      greetingMessage: 'Vendas: escolha',
      order: 2,
    });
    await option(sac, {
      name: 'Falar com Ana',
      queueType: 'attendent',
      greetingMessage: 'Chamando a Ana.',
      optUserId: A.agentId,
      optQueueId: sac,
      order: 3,
    });
    // A webhook integration nobody listens on: handing over is what this step does (the call
    // itself and its failure are integrations.test.ts's).
    const [robot] = await q<{ id: number }>(
      `INSERT INTO queue_integrations ("companyId", type, name, "urlN8N")
       VALUES ($1, 'webhook', $2, 'http://127.0.0.1:9/robo') RETURNING id`,
      [A.companyId, `Robô ${trees}`],
    );
    await option(sac, {
      name: 'Robô',
      queueType: 'integration',
      greetingMessage: 'Transferindo ao robô.',
      optIntegrationId: robot!.id,
      order: 4,
    });
    await option(sac, {
      name: 'Encerrar',
      queueType: 'text',
      greetingMessage: 'Até logo!',
      closeTicket: true,
      order: 5,
    });
    await option(sac, {
      parentId: vendas,
      name: 'Financeiro',
      queueType: 'queue',
      greetingMessage: 'Indo ao Financeiro.',
      optQueueId: financeiro,
      order: 1,
    });
    await option(sac, {
      parentId: vendas,
      name: 'Catálogo',
      queueType: 'text',
      greetingMessage: 'Veja o catálogo.',
      order: 2,
    });
    return { wa, sac, financeiro, robot: robot!.id };
  }
  const ROOT = optionsOf('SAC: como ajudar?', [
    'Horários',
    'Vendas',
    'Falar com Ana',
    'Robô',
    'Encerrar',
  ]);
  const VENDAS = optionsOf('Vendas: escolha', ['Financeiro', 'Catálogo']);

  it('entering the queue shows its options; text answers; invalid picks get "Opção inválida!"; # goes back', async () => {
    const { wa, sac } = await tree();
    const from = number();
    const id = await send(wa, from, 'oi');
    await send(wa, from, '1');
    expect(said(id).at(-1)).toBe(ROOT);
    expect(await ticketOf(id)).toMatchObject({ queueId: sac, chatbot: true, queueOptionId: null });
    await send(wa, from, '1');
    expect(said(id).at(-1)).toBe('Abrimos às 8h.');
    await send(wa, from, '9');
    expect(said(id).slice(-2)).toEqual(['Opção inválida!', ROOT]);
    await send(wa, from, '2');
    expect(said(id).at(-1)).toBe(VENDAS);
    await send(wa, from, '#');
    expect(said(id).at(-1)).toBe(ROOT);
    await send(wa, from, '#');
    expect(said(id).at(-1)).toBe(
      menuOf('Olá! Escolha um setor:', [`SAC ${trees}`, `Outra ${trees}`]),
    );
    expect(await ticketOf(id)).toMatchObject({ queueId: null, chatbot: false });
  });

  it('queue options move the ticket; attendent options assign the user; integration hands it over; closeTicket closes', async () => {
    const { wa, financeiro, sac, robot } = await tree();
    const a = number();
    const moved = await send(wa, a, 'oi');
    await send(wa, a, '1');
    await send(wa, a, '2');
    await send(wa, a, '1');
    expect(said(moved).at(-1)).toBe('Indo ao Financeiro.');
    expect(await ticketOf(moved)).toMatchObject({
      queueId: financeiro,
      status: 'pending',
      chatbot: false,
    });

    const b = number();
    const ana = await send(wa, b, 'oi');
    await send(wa, b, '1');
    await send(wa, b, '3');
    expect(said(ana).at(-1)).toBe('Chamando a Ana.');
    expect(await ticketOf(ana)).toMatchObject({
      queueId: sac,
      userId: A.agentId,
      status: 'pending',
    });

    const c = number();
    const bot = await send(wa, c, 'oi');
    await send(wa, c, '1');
    await send(wa, c, '4');
    expect(await ticketOf(bot)).toMatchObject({
      useIntegration: true,
      integrationId: robot,
      chatbot: false,
    });

    const d = number();
    const bye = await send(wa, d, 'oi');
    await send(wa, d, '1');
    await send(wa, d, '5');
    expect(said(bye).at(-1)).toBe('Até logo!');
    expect((await ticketOf(bye)).status).toBe('closed');
  });

  it('a single option is chosen at once; file options send the file list as media (uploaded files only)', async () => {
    const wa = await connection();
    const docs = await queue(wa, { name: 'Documentos', greetingMessage: 'Documentos:' });
    const [list] = await q<{ id: number }>(
      `INSERT INTO files ("companyId", name, message) VALUES ($1, $2, 'Nossos arquivos') RETURNING id`,
      [A.companyId, `Lista ${seq}`],
    );
    await q(
      `INSERT INTO files_options ("companyId", "fileId", name, path, "mediaType") VALUES ($1, $2, 'Tabela de preços', 'precos.pdf', 'application/pdf'), ($1, $2, 'Ainda sem arquivo', '', NULL), ($1, $2, 'Foto', 'loja.png', 'image/png')`,
      [A.companyId, list!.id],
    );
    await option(docs, {
      name: 'Arquivos',
      queueType: 'file',
      greetingMessage: 'Seguem os arquivos.',
      optFileId: list!.id,
    });
    const id = await send(wa, number(), 'oi');
    const sent = adapter.sent.filter((s) => s.ticketId === id);
    expect(sent.map((s) => [s.body, s.mediaType ?? 'chat'])).toEqual([
      ['Documentos:', 'chat'],
      ['Seguem os arquivos.', 'chat'],
      ['Tabela de preços', 'document'],
      ['Foto', 'image'],
    ]);
    expect(sent[2]!.mediaFile).toContain('precos.pdf');
  });
});

describe('9. queue position and random attendant', () => {
  it('sendQueuePosition tells the place among unassigned waiting tickets of that queue on that connection', async () => {
    await setting('sendQueuePosition', 'enabled');
    await setting('sendQueuePositionMessage', 'Sua posição na fila é:');
    const wa = await connection();
    await queue(wa, { name: 'Posição A' });
    await queue(wa, { name: 'Posição B' });
    const first = number();
    const id1 = await send(wa, first, 'oi');
    await send(wa, first, '1');
    expect(said(id1).at(-1)).toBe('Sua posição na fila é: *1*');
    const second = number();
    const id2 = await send(wa, second, 'oi');
    await send(wa, second, '1');
    expect(said(id2).at(-1)).toBe('Sua posição na fila é: *2*');
  });

  it('userRandom gives the ticket to a member of the queue, an online one first', async () => {
    await setting('userRandom', 'enabled');
    const wa = await connection();
    const q1 = await queue(wa, { name: 'Aleatória' });
    await queue(wa, { name: 'Outra R' });
    for (const userId of [A.agentId, A.adminId])
      await q(
        `INSERT INTO user_queues ("companyId", "userId", "queueId", "createdAt", "updatedAt") VALUES ($1, $2, $3, now(), now())`,
        [A.companyId, userId, q1],
      );
    await q(`UPDATE users SET online = (id = $1), "lastSeenAt" = now() WHERE id = ANY($2)`, [
      A.agentId,
      [A.agentId, A.adminId],
    ]);
    for (let i = 0; i < 3; i++) {
      const from = number();
      const id = await send(wa, from, 'oi');
      await send(wa, from, '1');
      expect(await ticketOf(id)).toMatchObject({
        queueId: q1,
        userId: A.agentId,
        status: 'pending',
      });
    }
  });
});

describe('DirectTicketsToWallets', () => {
  it("a returning customer's new ticket opens with their last attendant and queue, without the bot", async () => {
    const wa = await connection();
    const q1 = await queue(wa, { name: 'Carteira A' });
    await queue(wa, { name: 'Carteira B' });
    await q(
      `INSERT INTO user_queues ("companyId", "userId", "queueId", "createdAt", "updatedAt") VALUES ($1, $2, $3, now(), now())`,
      [A.companyId, A.agentId, q1],
    );
    const from = number();
    const first = await send(wa, from, 'oi');
    await q(`UPDATE tickets SET status = 'closed', "userId" = $2, "queueId" = $3 WHERE id = $1`, [
      first,
      A.agentId,
      q1,
    ]);
    // Off: the returning customer meets the menu like anyone.
    const menu = await send(wa, from, 'voltei');
    expect(said(menu).at(-1)).toContain('*[ 1 ]*');
    await q(`UPDATE tickets SET status = 'closed', "userId" = $2, "queueId" = $3 WHERE id = $1`, [
      menu,
      A.agentId,
      q1,
    ]);
    await setting('DirectTicketsToWallets', 'true');
    const direct = await send(wa, from, 'de novo');
    expect(await ticketOf(direct)).toMatchObject({
      status: 'open',
      userId: A.agentId,
      queueId: q1,
    });
    expect(said(direct)).toEqual([]);
    expect(await logsOf(direct)).toEqual(['create', 'open']);
    // A first-time customer has no wallet: the bot as usual.
    const stranger = await send(wa, number(), 'oi');
    expect(await ticketOf(stranger)).toMatchObject({ status: 'pending', userId: null });
  });
});
