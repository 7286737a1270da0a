import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InboundMessage } from '@atendo/domain';
import {
  SCHEDULE_WORKFLOW,
  scheduleWorkflowId,
  TICKET_TIMERS_WORKFLOW,
  ticketTimersWorkflowId,
  type ScheduledMessageInput,
  type TicketTimersInput,
} from '@atendo/domain/processes';
import {
  createWorkerContext,
  LocalChannelAdapter,
  loadConfig,
  NoProcessGateway,
  receiveMessage,
  singleAdapterRegistry,
  type AppContext,
} from '@atendo/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSchedule, scheduleRow, seedScheduleCompany } from '../schedules/fixtures.js';
import { TASK_QUEUE } from '../shared.js';
import { startChildWorkers, type ChildWorkers } from './child-workers.js';

/**
 * A worker killed (SIGKILL) in the middle of a recurring schedule (right after the channel took
 * its first send, before the send was confirmed) while a ticket's expiry timer runs, then a new
 * worker: the schedule sends each occurrence once (the unconfirmed one again under the same
 * message id) and the ticket closes once, with one expiry message
 * (docs/operations.md#durable-processes). Real time on the dev server: the shortest recurrence
 * and expiry are a minute, and the hung send is retried after its 2-minute timeout.
 */
const SENDS = 3;
const EXPIRY_MESSAGE = 'Atendimento encerrado por inatividade.';

let w: ChildWorkers;
let ctx: AppContext;
let closeCtx: () => Promise<void>;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atendo-timer-kill-'));

beforeAll(async () => {
  w = await startChildWorkers();
  // The test's own business core: customers write through the inbound pipeline; it starts
  // nothing (the test starts the workflows, as the api's ticket events would).
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    UPLOAD_DIR: path.join(dir, 'public'),
    SESSION_RUNTIME: 'none',
    DATABASE_URL: w.db.url,
  });
  ({ ctx, close: closeCtx } = await createWorkerContext({
    databaseUrl: w.db.url,
    config,
    ds: w.db.scoped,
    channels: singleAdapterRegistry(new LocalChannelAdapter()),
    processes: new NoProcessGateway(),
  }));
}, 180_000);
afterAll(async () => {
  await closeCtx?.();
  await w?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function until(check: () => Promise<boolean> | boolean, what: string, ms = 240_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Whether the workflow has finished at least one activity of `type` (it now sleeps). */
async function didActivity(workflowId: string, type: string): Promise<boolean> {
  const history = await w.client.workflow.getHandle(workflowId).fetchHistory();
  const scheduled = new Map<string, string>();
  for (const e of history.events ?? []) {
    const a = e.activityTaskScheduledEventAttributes;
    if (a) scheduled.set(String(e.eventId), a.activityType?.name ?? '');
    const done = e.activityTaskCompletedEventAttributes;
    if (done && scheduled.get(String(done.scheduledEventId)) === type) return true;
  }
  return false;
}

it('loses and repeats nothing when the worker is killed while a schedule and a ticket timer wait', async () => {
  // A schedule sent every minute, three times, from now.
  const s = await seedScheduleCompany(w.db.dataSource);
  const scheduleId = await createSchedule(w.db.dataSource, s, {
    sendAt: new Date(Date.now() + 1_000),
    intervalo: 4,
    valorIntervalo: 1,
    enviarQuantasVezes: SENDS,
  });
  const [contact] = await w.db.dataSource.query(`SELECT number FROM contacts WHERE id = $1`, [
    s.contactId,
  ]);

  // A ticket on a connection that closes it after a minute without messages.
  const [conn] = await w.db.dataSource.query(
    `INSERT INTO whatsapps ("companyId", name, status, "expiresTicket", "expiresInactiveMessage")
     VALUES ($1, 'Expiry', 'CONNECTED', 1, $2) RETURNING id`,
    [s.companyId, EXPIRY_MESSAGE],
  );
  const customer = '5511955550001';
  const inbound = {
    type: 'message',
    wid: 'W-KILL-1',
    fromMe: false,
    timestamp: Math.floor(Date.now() / 1000),
    contact: { number: customer, name: 'Cliente' },
    kind: 'chat',
    body: 'Oi',
    isForwarded: false,
  } as InboundMessage;
  const { ticketId } = await receiveMessage(
    ctx,
    { companyId: s.companyId, whatsappId: Number(conn.id) },
    inbound,
  );

  const first = await w.start({ HANG_AT: '1' });
  const schedule: ScheduledMessageInput = { companyId: s.companyId, scheduleId };
  const timers: TicketTimersInput = { companyId: s.companyId, ticketId: ticketId! };
  await w.client.workflow.start(SCHEDULE_WORKFLOW, {
    taskQueue: TASK_QUEUE,
    workflowId: scheduleWorkflowId(scheduleId),
    args: [schedule],
  });
  await w.client.workflow.start(TICKET_TIMERS_WORKFLOW, {
    taskQueue: TASK_QUEUE,
    workflowId: ticketTimersWorkflowId(ticketId!),
    args: [timers],
  });

  // The channel took the first send (and the worker hangs there); the ticket's timer is set.
  const sendsTo = (number: string) => w.sends().filter((m) => m.number === number);
  await until(() => sendsTo(contact.number).length === 1, 'the first scheduled send');
  await until(
    () => didActivity(ticketTimersWorkflowId(ticketId!), 'ticketTimerStep'),
    'the ticket timer to be set',
  );
  await w.kill(first);
  // Claimed and handed over, never confirmed.
  expect(await scheduleRow(w.db.dataSource, scheduleId)).toMatchObject({
    sentCount: 1,
    pendingMessageIds: [Number(sendsTo(contact.number)[0]!.messageId)],
  });
  expect(sendsTo(customer)).toHaveLength(0);

  const second = await w.start();
  await w.client.workflow.getHandle(ticketTimersWorkflowId(ticketId!)).result();
  const result = await w.client.workflow.getHandle(scheduleWorkflowId(scheduleId)).result();
  second.kill('SIGTERM');

  expect(result).toBe('ENVIADA');
  expect(await scheduleRow(w.db.dataSource, scheduleId)).toMatchObject({
    status: 'ENVIADA',
    sentCount: SENDS,
  });
  // Each occurrence reached the contact as one message: three ids, the unconfirmed first one
  // handed to the channel again under its own id (which the channel treats as the same send).
  const ids = sendsTo(contact.number).map((m) => m.messageId);
  expect(ids).toHaveLength(SENDS + 1);
  expect(ids[1]).toBe(ids[0]);
  expect(new Set(ids).size).toBe(SENDS);
  const [{ n }] = await w.db.dataSource.query(
    `SELECT count(*)::int AS n FROM messages m JOIN tickets t ON t.id = m."ticketId"
      WHERE t."contactId" = $1 AND m."fromMe"`,
    [s.contactId],
  );
  expect(n).toBe(SENDS);

  // The ticket closed once, with one expiry message.
  expect(sendsTo(customer).map((m) => m.body)).toEqual([EXPIRY_MESSAGE]);
  const [ticket] = await w.db.dataSource.query(`SELECT status FROM tickets WHERE id = $1`, [
    ticketId,
  ]);
  expect(ticket.status).toBe('closed');
  const closes = await w.db.dataSource.query(
    `SELECT type FROM logs_tickets WHERE "ticketId" = $1 AND type = 'autoClose'`,
    [ticketId],
  );
  expect(closes).toHaveLength(1);
}, 420_000);
