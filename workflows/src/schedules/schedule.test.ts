import {
  SCHEDULE_WORKFLOW,
  scheduleWorkflowId,
  type ScheduledMessageInput,
} from '@atendo/domain/processes';
import { sendScheduledMessage } from '@atendo/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_QUEUE } from '../shared.js';
import { startProcessHarness, type ProcessHarness } from '../testing/harness.js';
import {
  createSchedule,
  scheduleRow,
  seedScheduleCompany,
  type ScheduleFixture,
} from './fixtures.js';

/**
 * Scheduled messages on Temporal's time-skipping test server over real PostgreSQL: a one-shot
 * send at sendAt, a monthly series across month ends, weekly sends moved off a weekend, ERRO
 * with its reason, a send missed while the platform was down, and the send's idempotency.
 */
let h: ProcessHarness;
const DAY = 86_400_000;
const SP = 'America/Sao_Paulo'; // UTC-3 all year

beforeAll(async () => {
  h = await startProcessHarness({ timeSkipping: true });
  // Time skips only inside result() and env.sleep() (see the campaign test).
  await h.env.connection.testService!.lockTimeSkipping({});
  // The worker's first workflow task loads the bundle: warm it up on a schedule that is gone.
  const warm = await start({ companyId: 1, scheduleId: 999_999 });
  expect(await warm.result()).toBe('DELETED');
}, 180_000);
afterAll(async () => {
  await h?.stop();
});

function start(input: ScheduledMessageInput) {
  return h.client.workflow.start(SCHEDULE_WORKFLOW, {
    taskQueue: TASK_QUEUE,
    workflowId: scheduleWorkflowId(input.scheduleId),
    args: [input],
  });
}

/** Polls `check` (real time) until it holds. */
async function until(check: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The (sendAt, now) of every send the workflow asked for, from its history. */
async function sendTimes(scheduleId: number): Promise<{ sendAt: string; now: number }[]> {
  const history = await h.client.workflow.getHandle(scheduleWorkflowId(scheduleId)).fetchHistory();
  const out: { sendAt: string; now: number }[] = [];
  for (const e of history.events ?? []) {
    const a = e.activityTaskScheduledEventAttributes;
    if (a?.activityType?.name !== 'scheduleSend') continue;
    const input = JSON.parse(Buffer.from(a.input!.payloads![0]!.data!).toString());
    out.push({ sendAt: new Date(input.sendAt).toISOString(), now: input.now });
  }
  return out;
}

/** `YYYY-MM-DD` at `HH:MM` in São Paulo. */
const sp = (ymd: string, hm: string) => new Date(`${ymd}T${hm}:00-03:00`);

/** The test server's clock (ms): time skipping leaves it far from the real one. */
const serverNow = () => h.env.currentTimeMs();

/** The next `weekday` (0 Sunday … 6 Saturday) in São Paulo at least two days ahead, as YYYY-MM-DD. */
async function nextWeekday(weekday: number): Promise<string> {
  const now = await serverNow();
  for (let d = 2; d < 10; d++) {
    const day = new Date(now + d * DAY);
    const ymd = day.toLocaleDateString('en-CA', { timeZone: SP });
    if (new Date(`${ymd}T12:00:00Z`).getUTCDay() === weekday) return ymd;
  }
  throw new Error('no such day ahead');
}

const sendsOf = (f: ScheduleFixture) => h.sends.filter((s) => s.companyId === f.companyId);

describe('scheduled messages', () => {
  it('sends once at sendAt, signed, on a ticket opened with the queue and attendant', async () => {
    const f = await seedScheduleCompany(h.db.dataSource);
    const sendAt = new Date((await serverNow()) + 2 * DAY);
    const id = await createSchedule(h.db.dataSource, f, {
      sendAt,
      assinar: true,
      openTicket: 'enabled',
      statusTicket: 'open',
      ticketUserId: f.userId,
      queueId: f.queueId,
    });
    const handle = await start({ companyId: f.companyId, scheduleId: id });
    await until(
      async () => (await scheduleRow(h.db.dataSource, id)).status === 'AGENDADA',
      'AGENDADA',
    );
    expect(sendsOf(f)).toHaveLength(0);

    expect(await handle.result()).toBe('ENVIADA');
    const sends = sendsOf(f);
    expect(sends).toHaveLength(1);
    expect(sends[0]!.body).toBe('*Ana:*\nLembrete da sua consulta');
    const row = await scheduleRow(h.db.dataSource, id);
    expect(row).toMatchObject({ status: 'ENVIADA', sentCount: 1, pendingMessageIds: null });
    expect(new Date(row.sentAt!).getTime()).toBeGreaterThanOrEqual(sendAt.getTime());
    const [sent] = await sendTimes(id);
    expect(sent!.sendAt).toBe(sendAt.toISOString());
    expect(sent!.now - sendAt.getTime()).toBeLessThan(60_000);
    const [ticket] = await h.db.dataSource.query(
      `SELECT status, "userId", "queueId" FROM tickets WHERE id = $1`,
      [row.ticketId],
    );
    expect(ticket).toEqual({ status: 'open', userId: f.userId, queueId: f.queueId });
  });

  it('repeats monthly on the anchor day, clamped to the month end (Jan 31 → Feb 28/29 → Mar 31)', async () => {
    const f = await seedScheduleCompany(h.db.dataSource);
    const year = new Date(await serverNow()).getUTCFullYear() + 1;
    const feb = new Date(Date.UTC(year, 2, 0)).getUTCDate();
    const id = await createSchedule(h.db.dataSource, f, {
      sendAt: sp(`${year}-01-31`, '10:00'),
      intervalo: 3,
      valorIntervalo: 1,
      enviarQuantasVezes: 3,
    });
    expect(await (await start({ companyId: f.companyId, scheduleId: id })).result()).toBe(
      'ENVIADA',
    );
    const times = await sendTimes(id);
    expect(times.map((t) => t.sendAt)).toEqual(
      [`${year}-01-31`, `${year}-02-${feb}`, `${year}-03-31`].map((d) =>
        sp(d, '10:00').toISOString(),
      ),
    );
    // Each went when due (the workflow's clock), not before and not much after.
    for (const t of times) {
      expect(t.now).toBeGreaterThanOrEqual(new Date(t.sendAt).getTime());
      expect(t.now - new Date(t.sendAt).getTime()).toBeLessThan(60_000);
    }
    expect(sendsOf(f)).toHaveLength(3);
    // openTicket disabled: the ticket the send opened is closed again.
    const row = await scheduleRow(h.db.dataSource, id);
    expect(row).toMatchObject({ status: 'ENVIADA', sentCount: 3 });
    const [ticket] = await h.db.dataSource.query(`SELECT status FROM tickets WHERE id = $1`, [
      row.ticketId,
    ]);
    expect(ticket.status).toBe('closed');
  });

  it('moves a weekly send that lands on a weekend to Friday (tipoDias 5) or Monday (6)', async () => {
    const saturday = await nextWeekday(6);
    const sendAt = sp(saturday, '09:00');
    const weekly = { sendAt, intervalo: 2, valorIntervalo: 1, enviarQuantasVezes: 2 };
    const before = await seedScheduleCompany(h.db.dataSource);
    const after = await seedScheduleCompany(h.db.dataSource);
    const asIs = await seedScheduleCompany(h.db.dataSource);
    const ids = [
      await createSchedule(h.db.dataSource, before, { ...weekly, tipoDias: 5 }),
      await createSchedule(h.db.dataSource, after, { ...weekly, tipoDias: 6 }),
      await createSchedule(h.db.dataSource, asIs, { ...weekly, tipoDias: 4 }),
    ];
    const handles = await Promise.all(
      [before, after, asIs].map((f, i) => start({ companyId: f.companyId, scheduleId: ids[i]! })),
    );
    for (const handle of handles) expect(await handle.result()).toBe('ENVIADA');
    const at = (days: number) => new Date(sendAt.getTime() + days * DAY).toISOString();
    // The chosen Saturday is sent as chosen; the next Saturday moves.
    expect((await sendTimes(ids[0]!)).map((t) => t.sendAt)).toEqual([at(0), at(6)]);
    expect((await sendTimes(ids[1]!)).map((t) => t.sendAt)).toEqual([at(0), at(9)]);
    expect((await sendTimes(ids[2]!)).map((t) => t.sendAt)).toEqual([at(0), at(7)]);
  });

  it('ends in ERRO with the reason when the company has no connection', async () => {
    const f = await seedScheduleCompany(h.db.dataSource, { noConnection: true });
    const id = await createSchedule(h.db.dataSource, f, {
      sendAt: new Date((await serverNow()) + DAY),
    });
    expect(await (await start({ companyId: f.companyId, scheduleId: id })).result()).toBe('ERRO');
    expect(await scheduleRow(h.db.dataSource, id)).toMatchObject({
      status: 'ERRO',
      lastError: 'ERR_NO_DEF_WAPP_FOUND',
      sentAt: null,
      sentCount: 0,
    });
    expect(sendsOf(f)).toHaveLength(0);
  });

  it('sends a stored message once however often the send is retried', async () => {
    const f = await seedScheduleCompany(h.db.dataSource);
    const sendAt = new Date(Date.now() - 60_000);
    const id = await createSchedule(h.db.dataSource, f, { sendAt });
    const o = { companyId: f.companyId, scheduleId: id, sentCount: 0, sendAt: sendAt.getTime() };
    expect(await sendScheduledMessage(h.ctx, { ...o, now: Date.now() })).toBe('sent');
    // The same occurrence again (a retried activity): already claimed, nothing new.
    expect(await sendScheduledMessage(h.ctx, { ...o, now: Date.now() })).toBe('skipped');
    // A retry after the claim committed but before the channel answered resends the same id.
    const [message] = await h.db.dataSource.query(
      `SELECT id FROM messages WHERE "companyId" = $1 AND "fromMe"`,
      [f.companyId],
    );
    await h.db.dataSource.query(
      `UPDATE scheduled_messages SET "pendingMessageIds" = ARRAY[$2]::int[], status = 'AGENDADA',
              "sentAt" = NULL WHERE id = $1`,
      [id, message.id],
    );
    expect(await sendScheduledMessage(h.ctx, { ...o, now: Date.now() })).toBe('sent');
    const [{ n }] = await h.db.dataSource.query(
      `SELECT count(*)::int AS n FROM messages WHERE "companyId" = $1`,
      [f.companyId],
    );
    expect(n).toBe(1);
    expect(sendsOf(f)).toHaveLength(1);
    expect(await scheduleRow(h.db.dataSource, id)).toMatchObject({
      status: 'ENVIADA',
      sentCount: 1,
    });
  });

  it('sends on resume a schedule whose time passed while the platform was down', async () => {
    const f = await seedScheduleCompany(h.db.dataSource);
    const id = await createSchedule(h.db.dataSource, f, {
      sendAt: new Date((await serverNow()) - 3 * DAY),
    });
    await h.resume();
    const handle = h.client.workflow.getHandle(scheduleWorkflowId(id));
    expect(await handle.result()).toBe('ENVIADA');
    expect(sendsOf(f)).toHaveLength(1);
    expect(await scheduleRow(h.db.dataSource, id)).toMatchObject({
      status: 'ENVIADA',
      sentCount: 1,
    });
  });
});
