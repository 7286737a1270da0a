import type { InboundMessage } from '@atendo/domain';
import { ticketTimersWorkflowId } from '@atendo/domain/processes';
import { receiveMessage, resumeTicketTimers } from '@atendo/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProcessHarness, type ProcessHarness } from '../testing/harness.js';

/**
 * HOURS_CLOSE_TICKETS_AUTO set below its never-default (docs/product/tickets.md#limits-and-constants: 999999999): open tickets
 * idle that many hours close, on a connection with no timers of its own. Time-skipping Temporal
 * over real PostgreSQL, as ticket-timers.test.ts.
 */
const MIN = 60_000;
const HOUR = 60 * MIN;

let h: ProcessHarness;
let companyId: number;
let whatsappId: number;

beforeAll(async () => {
  h = await startProcessHarness({ timeSkipping: true, env: { HOURS_CLOSE_TICKETS_AUTO: '3' } });
  await h.env.connection.testService!.lockTimeSkipping({});
  const ds = h.db.dataSource;
  const [company] = await ds.query(
    `INSERT INTO companies (name) VALUES ('Auto-close company') RETURNING id`,
  );
  companyId = Number(company.id);
  const [connection] = await ds.query(
    `INSERT INTO whatsapps ("companyId", name, status) VALUES ($1, 'No timers', 'CONNECTED')
     RETURNING id`,
    [companyId],
  );
  whatsappId = Number(connection.id);
}, 180_000);
afterAll(async () => {
  await h?.stop();
});

let seq = 0;
async function write(number: string) {
  const now = await h.env.currentTimeMs();
  const m = {
    type: 'message',
    wid: `AC-${++seq}`,
    fromMe: false,
    timestamp: Math.floor(now / 1000),
    contact: { number, name: 'Cliente' },
    kind: 'chat',
    body: 'Oi',
    isForwarded: false,
  } as InboundMessage;
  const r = await receiveMessage(h.ctx, { companyId, whatsappId }, m, undefined, new Date(now));
  return r.ticketId!;
}
const status = async (id: number) =>
  (
    (await h.db.dataSource.query(`SELECT status FROM tickets WHERE id = $1`, [id]))[0] as {
      status: string;
    }
  ).status;
const running = (id: number) =>
  h.client.workflow
    .getHandle(ticketTimersWorkflowId(id))
    .describe()
    .then((d) => d.status.name === 'RUNNING')
    .catch(() => false);
async function until(check: () => Promise<boolean> | boolean, what: string, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
async function advance(ms: number) {
  await h.env.sleep(ms);
  await new Promise((r) => setTimeout(r, 400));
}
async function open(id: number) {
  await h.db.dataSource.query(`UPDATE tickets SET status = 'open' WHERE id = $1`, [id]);
}

describe('HOURS_CLOSE_TICKETS_AUTO', () => {
  it('closes an open ticket idle for that many hours; a waiting one is left alone', async () => {
    const waiting = await write('5511900000101');
    const id = await write('5511900000102');
    await open(id);
    h.ctx.events.publish('ticket.updated', { companyId, ticketId: id });
    await until(() => running(id), 'the timers to start from the ticket event');
    expect(await running(waiting)).toBe(false);

    await advance(2 * HOUR + 58 * MIN);
    expect(await status(id)).toBe('open');
    await advance(3 * MIN);
    await until(async () => (await status(id)) === 'closed', 'the automatic close');
    const logs = await h.db.dataSource.query(
      `SELECT type FROM logs_tickets WHERE "ticketId" = $1 ORDER BY id`,
      [id],
    );
    expect(logs.map((r: { type: string }) => r.type)).toContain('autoClose');
    expect(await status(waiting)).toBe('pending');
  });

  it('resume starts the timers of every open ticket', async () => {
    const id = await write('5511900000103');
    await open(id);
    await resumeTicketTimers(h.ctx);
    await until(() => running(id), 'the resumed timers');
  });
});
