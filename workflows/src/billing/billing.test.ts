import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, calendarDay, PLATFORM_COMPANY_ID } from '@atendo/domain';
import { BILLING_SWEEP_ID, TASK_QUEUE, type BillingSweepInput } from '../shared.js';
import { startProcessHarness, type ProcessHarness } from '../testing/harness.js';
import type { TestDatabase } from '../testing/postgres.js';
import { ensureBillingSchedule } from './schedule.js';
import { billingSweep } from './workflow.js';

// A fixed "today" far from the wall clock, so the schedule's own run (real today) never bills these rows.
const TODAY = '2031-03-10';

let harness: ProcessHarness;
let db: TestDatabase;
let env: TestWorkflowEnvironment;
let runs = 0;
/** What the use cases published on the worker's bus during the file. */
const published: { event: string; companyId: number }[] = [];

async function sweep(input: BillingSweepInput) {
  return env.client.workflow.execute(billingSweep, {
    workflowId: `${BILLING_SWEEP_ID}-test-${++runs}`,
    taskQueue: TASK_QUEUE,
    args: [input],
  });
}

async function insertCompany(
  name: string,
  planId: number,
  dueDate: string | null,
  status = true,
): Promise<number> {
  const [row] = await db.dataSource.query(
    `INSERT INTO companies (name, "planId", "dueDate", status) VALUES ($1, $2, $3, $4) RETURNING id`,
    [name, planId, dueDate, status],
  );
  return Number(row.id);
}

async function invoicesOf(companyId: number) {
  const rows: {
    value: string;
    users: number;
    connections: number;
    dueDate: string;
    status: string;
    detail: string;
  }[] = await db.dataSource.query(
    `SELECT value::text AS value, users, connections, "dueDate"::text AS "dueDate", status, detail
         FROM invoices WHERE "companyId" = $1 ORDER BY "dueDate"`,
    [companyId],
  );
  return rows;
}

async function isActive(companyId: number): Promise<boolean> {
  const [row] = await db.dataSource.query('SELECT status FROM companies WHERE id = $1', [
    companyId,
  ]);
  return row.status as boolean;
}

const ids = {} as Record<
  'upcoming' | 'overdue3' | 'overdue2' | 'farAhead' | 'alreadyBilled' | 'noDueDate' | 'inactive',
  number
>;
let planId: number;

beforeAll(async () => {
  harness = await startProcessHarness();
  ({ db, env } = harness);
  const { events } = harness.ctx;
  events.on('invoice.created', ({ companyId }) => {
    published.push({ event: 'invoice.created', companyId });
  });
  events.on('company.updated', ({ companyId }) => {
    published.push({ event: 'company.updated', companyId });
  });

  const [plan] = await db.dataSource.query(
    `INSERT INTO plans (name, amount, users, connections) VALUES ('Billing test plan', 149.90, 5, 2) RETURNING id`,
  );
  planId = Number(plan.id);
  const [platform] = await db.dataSource.query('SELECT id FROM companies WHERE id = $1', [
    PLATFORM_COMPANY_ID,
  ]);
  if (!platform)
    expect(await insertCompany('Platform', planId, '2999-12-31')).toBe(PLATFORM_COMPANY_ID);
  // Even long overdue, the platform must never be billed nor deactivated.
  await db.dataSource.query(
    `UPDATE companies SET "dueDate" = $2, status = true, "planId" = $3 WHERE id = $1`,
    [PLATFORM_COMPANY_ID, addCalendarDays(TODAY, -30), planId],
  );

  ids.upcoming = await insertCompany('Upcoming', planId, addCalendarDays(TODAY, 5));
  ids.overdue3 = await insertCompany('Three days late', planId, addCalendarDays(TODAY, -3));
  ids.overdue2 = await insertCompany('Two days late', planId, addCalendarDays(TODAY, -2));
  ids.farAhead = await insertCompany('Far ahead', planId, addCalendarDays(TODAY, 40));
  ids.alreadyBilled = await insertCompany('Already billed', planId, addCalendarDays(TODAY, -1));
  ids.noDueDate = await insertCompany('No due date', planId, null);
  ids.inactive = await insertCompany(
    'Already inactive',
    planId,
    addCalendarDays(TODAY, -10),
    false,
  );
  await db.dataSource.query(
    `INSERT INTO invoices ("companyId", detail, value, users, connections, "dueDate", status)
     VALUES ($1, 'issued earlier', 99.00, 1, 1, $2, 'open')`,
    [ids.alreadyBilled, addCalendarDays(TODAY, -1)],
  );
}, 180_000);

afterAll(async () => {
  await harness?.stop();
});

describe('billingSweep', () => {
  it('issues one open invoice per due date at the plan value and deactivates companies 3+ days late', async () => {
    const result = await sweep({ today: TODAY });

    expect(result.today).toBe(TODAY);
    expect(result.createdInvoiceIds).toHaveLength(4); // upcoming, overdue3, overdue2, inactive
    expect(result.deactivatedCompanyIds).toEqual([ids.overdue3]);

    for (const id of [ids.upcoming, ids.overdue3, ids.overdue2, ids.inactive]) {
      const invoices = await invoicesOf(id);
      expect(invoices).toHaveLength(1);
      expect(invoices[0]).toMatchObject({
        value: '149.90',
        users: 5,
        connections: 2,
        status: 'open',
        detail: 'Billing test plan',
      });
    }
    expect((await invoicesOf(ids.upcoming))[0]?.dueDate).toBe(addCalendarDays(TODAY, 5));
    expect(await invoicesOf(ids.farAhead)).toEqual([]);
    expect(await invoicesOf(ids.noDueDate)).toEqual([]);
    expect(await invoicesOf(ids.alreadyBilled)).toEqual([
      expect.objectContaining({ detail: 'issued earlier', value: '99.00' }),
    ]);

    expect(await isActive(ids.overdue3)).toBe(false);
    expect(await isActive(ids.overdue2)).toBe(true);
    expect(await isActive(ids.upcoming)).toBe(true);
    expect(await isActive(ids.alreadyBilled)).toBe(true);

    expect(await invoicesOf(PLATFORM_COMPANY_ID)).toEqual([]);
    expect(await isActive(PLATFORM_COMPANY_ID)).toBe(true);

    // Each change published its domain event, and the switch-off committed its durable side
    // effect (stop the sessions) in the outbox, for an api process to carry out.
    expect(published.filter((p) => p.event === 'invoice.created').map((p) => p.companyId)).toEqual(
      expect.arrayContaining([ids.upcoming, ids.overdue3, ids.overdue2, ids.inactive]),
    );
    expect(published).toContainEqual({ event: 'company.updated', companyId: ids.overdue3 });
    const outbox = await db.dataSource.query(
      `SELECT topic, payload FROM outbox WHERE "doneAt" IS NULL ORDER BY id`,
    );
    expect(outbox).toEqual([
      { topic: 'company.deactivated', payload: { companyId: ids.overdue3 } },
    ]);
  });

  it('is idempotent: repeated and concurrent sweeps never issue a second invoice for a due date', async () => {
    const again = await Promise.all([
      sweep({ today: TODAY }),
      sweep({ today: TODAY }),
      sweep({ today: TODAY }),
    ]);
    for (const result of again) {
      expect(result.createdInvoiceIds).toEqual([]);
      expect(result.deactivatedCompanyIds).toEqual([]);
    }
    const [{ count }] = await db.dataSource.query(
      `SELECT count(*)::int AS count FROM invoices WHERE "companyId" = ANY($1)`,
      [Object.values(ids)],
    );
    expect(count).toBe(5); // four issued by the sweep + the one issued earlier
  });

  it('bills the next due date once the company has paid and moved on', async () => {
    const next = addCalendarDays(TODAY, 15);
    await db.dataSource.query(`UPDATE invoices SET status = 'paid' WHERE "companyId" = $1`, [
      ids.overdue2,
    ]);
    await db.dataSource.query(`UPDATE companies SET "dueDate" = $2 WHERE id = $1`, [
      ids.overdue2,
      next,
    ]);

    const result = await sweep({ today: TODAY });

    expect(result.createdInvoiceIds).toHaveLength(1);
    expect((await invoicesOf(ids.overdue2)).map((i) => [i.dueDate, i.status])).toEqual([
      [addCalendarDays(TODAY, -2), 'paid'],
      [next, 'open'],
    ]);
  });

  it('a day later, the two-days-late company (unpaid) crosses the 3-day line', async () => {
    await db.dataSource.query(`UPDATE companies SET "dueDate" = $2 WHERE id = $1`, [
      ids.alreadyBilled,
      addCalendarDays(TODAY, -2),
    ]);
    const result = await sweep({ today: addCalendarDays(TODAY, 1) });
    expect(result.deactivatedCompanyIds).toEqual([ids.alreadyBilled]);
    expect(await isActive(PLATFORM_COMPANY_ID)).toBe(true);
  });

  it('runs daily from a schedule that takes "today" from workflow time', async () => {
    const timeZone = 'America/Sao_Paulo';
    const before = calendarDay(new Date(), timeZone);
    expect(await ensureBillingSchedule(env.client, { timeZone, hour: 3 })).toBe('created');
    expect(await ensureBillingSchedule(env.client, { timeZone, hour: 4 })).toBe('updated');

    const handle = env.client.schedule.getHandle(BILLING_SWEEP_ID);
    let workflowId: string | undefined;
    for (let i = 0; i < 100 && !workflowId; i++) {
      const description = await handle.describe();
      workflowId = description.info.recentActions[0]?.action.workflow.workflowId;
      if (!workflowId) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(workflowId).toMatch(new RegExp(`^${BILLING_SWEEP_ID}`));
    const result = await env.client.workflow.getHandle<typeof billingSweep>(workflowId!).result();
    expect([before, calendarDay(new Date(), timeZone)]).toContain(result.today);

    const description = await handle.describe();
    expect(description.spec.calendars?.[0]).toMatchObject({
      hour: [{ start: 4, end: 4, step: 1 }],
    });
    await handle.delete();
  });
});
