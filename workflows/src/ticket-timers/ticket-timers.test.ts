import type { InboundMessage, WhatsappView } from '@atendo/domain';
import { TICKET_TIMERS_WORKFLOW, ticketTimersWorkflowId } from '@atendo/domain/processes';
import { closeTicket, receiveMessage } from '@atendo/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_QUEUE } from '../shared.js';
import { startProcessHarness, type ProcessHarness } from '../testing/harness.js';

/**
 * Ticket timers on Temporal's time-skipping test server over real PostgreSQL: customers write
 * through the inbound pipeline, the workflows start from its ticket events, and a day of idle
 * time passes in seconds.
 */
const MIN = 60_000;
const HOUR = 60 * MIN;

let h: ProcessHarness;
let companyId: number;
let adminId: number;
let queueId: number;
/** Connections by the rule they exercise. */
const conn = {} as Record<'expiry' | 'oursLast' | 'nps' | 'redirect', number>;

beforeAll(async () => {
  h = await startProcessHarness({ timeSkipping: true });
  // Time only skips inside result() and env.sleep() (see the campaign test).
  await h.env.connection.testService!.lockTimeSkipping({});
  // The worker's first workflow task loads the bundle: warm it up on a ticket that does not exist.
  await h.client.workflow.execute(TICKET_TIMERS_WORKFLOW, {
    taskQueue: TASK_QUEUE,
    workflowId: 'ticket-timers-warm-up',
    args: [{ companyId: 1, ticketId: 999_999 }],
  });

  const ds = h.db.dataSource;
  const [company] = await ds.query(
    `INSERT INTO companies (name) VALUES ('Timers company') RETURNING id`,
  );
  companyId = Number(company.id);
  const [admin] = await ds.query(
    `INSERT INTO users ("companyId", name, email, "passwordHash", profile)
     VALUES ($1, 'Admin', 'timers-admin@x.test', 'x', 'admin') RETURNING id`,
    [companyId],
  );
  adminId = Number(admin.id);
  const [queue] = await ds.query(
    `INSERT INTO queues ("companyId", name, color) VALUES ($1, 'Suporte', '#111111') RETURNING id`,
    [companyId],
  );
  queueId = Number(queue.id);
  await ds.query(
    `INSERT INTO settings ("companyId", key, value) VALUES ($1, 'userRating', 'enabled')`,
    [companyId],
  );
  const connection = async (name: string, columns: Record<string, unknown>) => {
    const keys = Object.keys(columns);
    const [row] = await ds.query(
      `INSERT INTO whatsapps ("companyId", name, status, ${keys.map((k) => `"${k}"`).join(', ')})
       VALUES ($1, $2, 'CONNECTED', ${keys.map((_, i) => `$${i + 3}`).join(', ')}) RETURNING id`,
      [companyId, name, ...Object.values(columns)],
    );
    return Number(row.id);
  };
  conn.expiry = await connection('Expiry', {
    timeInactiveMessage: 60,
    inactiveMessage: 'Ainda está aí?',
    expiresTicket: 23 * 60,
    expiresInactiveMessage: 'Atendimento encerrado por inatividade.',
  });
  conn.oursLast = await connection('Ours last', {
    expiresTicket: 60,
    whenExpiresTicket: '1',
    expiresInactiveMessage: 'Encerrado: sem resposta.',
  });
  conn.nps = await connection('NPS', {
    ratingMessage: 'Avalie nosso atendimento de 0 a 10',
    expiresTicketNPS: 30,
    complationMessage: 'Obrigado!',
  });
  conn.redirect = await connection('Redirect', { timeSendQueue: 10, sendIdQueue: queueId });
}, 180_000);
afterAll(async () => {
  await h?.stop();
});

let seq = 0;
/** A message from the customer `number` (or ours, echoed by the phone) at the test clock's now. */
async function write(whatsappId: number, number: string, body: string, fromMe = false) {
  const now = await h.env.currentTimeMs();
  const m = {
    type: 'message',
    wid: `W-${++seq}`,
    fromMe,
    timestamp: Math.floor(now / 1000),
    contact: { number, name: 'Cliente' },
    kind: 'chat',
    body,
    isForwarded: false,
  } as InboundMessage;
  const r = await receiveMessage(h.ctx, { companyId, whatsappId }, m, undefined, new Date(now));
  return r.ticketId!;
}

const handle = (ticketId: number) => h.client.workflow.getHandle(ticketTimersWorkflowId(ticketId));
const sentTo = (ticketId: number) =>
  h.sends.filter((s) => s.ticketId === ticketId).map((s) => s.body);

async function ticket(id: number) {
  const [row] = await h.db.dataSource.query(
    `SELECT status, "queueId", "sendInactiveMessage" FROM tickets WHERE id = $1`,
    [id],
  );
  return row as { status: string; queueId: number | null; sendInactiveMessage: boolean };
}
async function logs(id: number): Promise<string[]> {
  const rows = await h.db.dataSource.query(
    `SELECT type FROM logs_tickets WHERE "ticketId" = $1 ORDER BY id`,
    [id],
  );
  return rows.map((r: { type: string }) => r.type);
}

/** Polls `check` (real time) until it holds. */
async function until(check: () => Promise<boolean> | boolean, what: string, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const running = (id: number) =>
  handle(id)
    .describe()
    .then((d) => d.status.name === 'RUNNING')
    .catch(() => false);
/** Moves the test clock on and lets the steps it woke finish. */
async function advance(ms: number) {
  await h.env.sleep(ms);
  await new Promise((r) => setTimeout(r, 400));
}

describe('ticket timers', () => {
  it('warns once after timeInactiveMessage and closes a day after the last message', async () => {
    const id = await write(conn.expiry, '5511900000001', 'Oi');
    await until(() => running(id), 'the timers to start from the ticket event');

    await advance(59 * MIN);
    expect(sentTo(id)).toEqual([]);
    await advance(2 * MIN);
    await until(() => sentTo(id).length === 1, 'the inactivity warning');
    expect(sentTo(id)).toEqual(['Ainda está aí?']);
    expect(await ticket(id)).toMatchObject({ status: 'pending', sendInactiveMessage: true });

    // The close falls 23 hours after the warning: a day after the last message.
    await advance(22 * HOUR + 58 * MIN);
    expect((await ticket(id)).status).toBe('pending');
    await advance(3 * MIN);
    await until(async () => (await ticket(id)).status === 'closed', 'the close');
    await handle(id).result();
    expect(sentTo(id)).toEqual(['Ainda está aí?', 'Atendimento encerrado por inatividade.']);
    expect((await ticket(id)).status).toBe('closed');
    expect(await logs(id)).toEqual(['create', 'inactiveWarning', 'autoClose']);
    const [cycle] = await h.db.dataSource.query(
      `SELECT expired, "closedAt" FROM ticket_traking WHERE "ticketId" = $1`,
      [id],
    );
    expect(cycle).toMatchObject({ expired: true, closedAt: expect.any(Date) });
  });

  it('a customer message after the warning starts the idle time over', async () => {
    const id = await write(conn.expiry, '5511900000002', 'Oi');
    await until(() => running(id), 'the timers');
    await advance(61 * MIN);
    await until(() => sentTo(id).length === 1, 'the first warning');

    await advance(10 * MIN);
    await write(conn.expiry, '5511900000002', 'Estou aqui');
    // Past the first close's time: still open, and warned again an hour after the answer.
    await advance(23 * HOUR);
    expect((await ticket(id)).status).toBe('pending');
    await until(() => sentTo(id).length === 2, 'the second warning');

    await advance(59 * MIN);
    expect((await ticket(id)).status).toBe('pending');
    await advance(3 * MIN);
    await until(async () => (await ticket(id)).status === 'closed', 'the close');
    await handle(id).result();
    expect(sentTo(id)).toEqual([
      'Ainda está aí?',
      'Ainda está aí?',
      'Atendimento encerrado por inatividade.',
    ]);
    expect((await ticket(id)).status).toBe('closed');
  });

  it("with whenExpiresTicket '1' never closes while the customer wrote last", async () => {
    const id = await write(conn.oursLast, '5511900000003', 'Alguém?');
    await until(() => running(id), 'the timers');
    await advance(5 * HOUR);
    expect((await ticket(id)).status).toBe('pending');
    expect(sentTo(id)).toEqual([]);

    // Our answer (sent from the phone): the hour starts now.
    await write(conn.oursLast, '5511900000003', 'Olá! Como posso ajudar?', true);
    await advance(59 * MIN);
    expect((await ticket(id)).status).toBe('pending');
    await advance(2 * MIN);
    await until(async () => (await ticket(id)).status === 'closed', 'the close');
    expect(sentTo(id)).toEqual(['Encerrado: sem resposta.']);
    expect(await logs(id)).toContain('autoClose');
  });

  const admin = () => ({
    userId: adminId,
    companyId,
    profile: 'admin' as const,
    super: false,
    tokenVersion: 0,
  });

  it('closes an unanswered rating request after expiresTicketNPS with the completion message', async () => {
    const id = await write(conn.nps, '5511900000004', 'Resolvido, obrigado');
    await closeTicket(h.ctx, { auth: admin(), ticketId: id });
    expect((await ticket(id)).status).toBe('nps');
    await until(() => running(id), 'the timers to start when the rating is asked');

    await advance(29 * MIN);
    expect((await ticket(id)).status).toBe('nps');
    await advance(2 * MIN);
    await until(async () => (await ticket(id)).status === 'closed', 'the NPS close');
    await handle(id).result();
    expect(sentTo(id)).toEqual(['Avalie nosso atendimento de 0 a 10', 'Obrigado!']);
  });

  it('a rating answer before expiresTicketNPS closes once, and the timers end', async () => {
    const id = await write(conn.nps, '5511900000005', 'Tudo certo');
    await closeTicket(h.ctx, { auth: admin(), ticketId: id });
    await until(() => running(id), 'the timers');
    await advance(10 * MIN);
    await write(conn.nps, '5511900000005', '9');
    expect((await ticket(id)).status).toBe('closed');
    // The close woke the workflow (ticket event), which ends without waiting for its deadline.
    await until(async () => !(await running(id)), 'the timers to end');
    await advance(30 * MIN);
    expect(sentTo(id)).toEqual(['Avalie nosso atendimento de 0 a 10', 'Obrigado!']);
    expect(await logs(id)).toEqual(['create', 'closed']);
    const [rating] = await h.db.dataSource.query(
      `SELECT rate FROM user_ratings WHERE "ticketId" = $1`,
      [id],
    );
    expect(rating).toEqual({ rate: 9 });
  });

  it('redirects a waiting ticket without a queue to sendIdQueue after timeSendQueue', async () => {
    const id = await write(conn.redirect, '5511900000006', 'Preciso de ajuda');
    await until(() => running(id), 'the timers');
    await advance(9 * MIN);
    expect((await ticket(id)).queueId).toBe(null);
    await advance(2 * MIN);
    await until(async () => (await ticket(id)).queueId === queueId, 'the redirect');
    // Redirected, nothing more can fall due on this connection: the workflow ends.
    await handle(id).result();
    expect(await ticket(id)).toMatchObject({ status: 'pending', queueId });
    expect(await logs(id)).toEqual(['create', 'redirect']);
    expect(sentTo(id)).toEqual([]);
    // Nothing can fall due on it any more: the periodic resume pass leaves it alone rather than
    // starting a workflow that ends at once, pass after pass.
    expect((await h.resume()).started).toEqual({});
    expect(await running(id)).toBe(false);
  });

  it("a connection's new timer settings reach its active tickets", async () => {
    const [later] = await h.db.dataSource.query(
      `INSERT INTO whatsapps ("companyId", name, status) VALUES ($1, 'Later', 'CONNECTED') RETURNING id`,
      [companyId],
    );
    const id = await write(Number(later.id), '5511900000008', 'Oi');
    await new Promise((r) => setTimeout(r, 500));
    expect(await running(id)).toBe(false);
    // What saving the connection does: the row changes, then its event is published.
    await h.db.dataSource.query(
      `UPDATE whatsapps SET "timeSendQueue" = 10, "sendIdQueue" = $2 WHERE id = $1`,
      [later.id, queueId],
    );
    h.ctx.events.publish('whatsapp.updated', {
      companyId,
      whatsapp: { id: Number(later.id) } as WhatsappView,
    });
    await until(() => running(id), 'the timers of the changed connection');
    await advance(11 * MIN);
    await until(async () => (await ticket(id)).queueId === queueId, 'the redirect');
  });

  it('resume starts the timers of active tickets whose connection gained timers unseen', async () => {
    const [late] = await h.db.dataSource.query(
      `INSERT INTO whatsapps ("companyId", name, status) VALUES ($1, 'Late', 'CONNECTED') RETURNING id`,
      [companyId],
    );
    const id = await write(Number(late.id), '5511900000007', 'Oi');
    await new Promise((r) => setTimeout(r, 500));
    expect(await running(id)).toBe(false);
    // Changed while no process listened (no event): the worker's start catches up.
    await h.db.dataSource.query(
      `UPDATE whatsapps SET "timeSendQueue" = 10, "sendIdQueue" = $2 WHERE id = $1`,
      [late.id, queueId],
    );
    await h.resume();
    await until(() => running(id), 'the resumed timers');
    await advance(11 * MIN);
    await until(async () => (await ticket(id)).queueId === queueId, 'the redirect');
    await handle(id).result();
  });
});
