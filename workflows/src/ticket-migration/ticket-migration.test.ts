import {
  TICKET_MIGRATION_PROGRESS_QUERY,
  TICKET_MIGRATION_WORKFLOW,
  ticketMigrationWorkflowId,
  type TicketMigrationProgress,
} from '@atendo/domain/processes';
import { startTicketMigration } from '@atendo/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_QUEUE } from '../shared.js';
import { startProcessHarness, type ProcessHarness } from '../testing/harness.js';

/**
 * Ticket migration (docs/product/connections.md#connection-status) on Temporal's time-skipping test server over real PostgreSQL:
 * the tickets move in batches of 5 with a 500 ms timer between batches, a ticket whose
 * contact already has an active ticket on the target is refused and counted as failed, the
 * requesting user gets the progress, and the resume step finishes a migration left running.
 */
let h: ProcessHarness;
let companyId: number;
let adminId: number;
let source: number;
let target: number;
const progressed: { userId: number | null; progress: TicketMigrationProgress }[] = [];

beforeAll(async () => {
  h = await startProcessHarness({ timeSkipping: true });
  await h.env.connection.testService!.lockTimeSkipping({});
  // The worker's first workflow task loads the bundle: warm it up on a migration that does not exist.
  await h.client.workflow.execute(TICKET_MIGRATION_WORKFLOW, {
    taskQueue: TASK_QUEUE,
    workflowId: 'ticket-migration-warm-up',
    args: [{ companyId: 1, migrationId: '00000000-0000-4000-8000-000000000000' }],
  });
  h.ctx.events.on('ticket_migration.progressed', (e) => {
    if (e.companyId === companyId) progressed.push({ userId: e.userId, progress: e.progress });
  });

  const ds = h.db.dataSource;
  const [company] = await ds.query(
    `INSERT INTO companies (name) VALUES ('Migration company') RETURNING id`,
  );
  companyId = Number(company.id);
  const [admin] = await ds.query(
    `INSERT INTO users ("companyId", name, email, "passwordHash", profile)
     VALUES ($1, 'Admin', 'migration-admin@x.test', 'x', 'admin') RETURNING id`,
    [companyId],
  );
  adminId = Number(admin.id);
  const [a] = await ds.query(
    `INSERT INTO whatsapps ("companyId", name, status) VALUES ($1, 'Old', 'CONNECTED') RETURNING id`,
    [companyId],
  );
  const [b] = await ds.query(
    `INSERT INTO whatsapps ("companyId", name, status) VALUES ($1, 'New', 'CONNECTED') RETURNING id`,
    [companyId],
  );
  source = Number(a.id);
  target = Number(b.id);
}, 180_000);
afterAll(async () => {
  await h?.stop();
});

let seq = 0;
/** A ticket of a new contact on `whatsappId`. */
async function ticket(whatsappId: number, status: string, userId: number | null = null) {
  const ds = h.db.dataSource;
  const [contact] = await ds.query(
    `INSERT INTO contacts ("companyId", name, number) VALUES ($1, $2, $3) RETURNING id`,
    [companyId, `Cliente ${++seq}`, `55119${String(seq).padStart(8, '0')}`],
  );
  return ticketOf(Number(contact.id), whatsappId, status, userId);
}

async function ticketOf(
  contactId: number,
  whatsappId: number,
  status: string,
  userId: number | null,
) {
  const [row] = await h.db.dataSource.query(
    `INSERT INTO tickets ("companyId", "contactId", "whatsappId", status, "userId", channel, protocol)
     VALUES ($1, $2, $3, $4, $5, 'whatsapp', $6) RETURNING id, "contactId"`,
    [companyId, contactId, whatsappId, status, userId, `p-${Math.random()}`],
  );
  return { id: Number(row.id), contactId: Number(row.contactId) };
}

const rowsOf = (ids: number[]) =>
  h.db.dataSource.query(
    `SELECT id, status, "userId", "whatsappId", "isTransfered" FROM tickets
      WHERE id = ANY($1::int[]) ORDER BY id`,
    [ids],
  ) as Promise<
    {
      id: number;
      status: string;
      userId: number | null;
      whatsappId: number;
      isTransfered: boolean;
    }[]
  >;

const auth = () => ({
  userId: adminId,
  companyId,
  profile: 'admin' as const,
  super: false,
  tokenVersion: 0,
});

describe('ticket migration', () => {
  it('moves tickets in batches of 5 with 500 ms between them; an active ticket on the target refuses its contact', async () => {
    const movable = [
      await ticket(source, 'open', adminId),
      await ticket(source, 'pending'),
      await ticket(source, 'open', adminId),
      await ticket(source, 'pending'),
      await ticket(source, 'open', adminId),
      await ticket(source, 'pending'),
    ];
    // This contact already waits on the target: its ticket stays where it is.
    const held = await ticket(source, 'open', adminId);
    await ticketOf(held.contactId, target, 'pending', null);
    const ids = [...movable.map((t) => t.id), held.id, 999_999];

    const started = await startTicketMigration(h.ctx, {
      auth: auth(),
      input: { whatsappId: target, ticketIds: ids },
    });
    expect(started).toMatchObject({ total: 8, migrated: 0, failed: 0, done: false });
    const handle = h.client.workflow.getHandle(
      ticketMigrationWorkflowId(companyId, started.migrationId),
    );
    const result = await handle.result();
    expect(result).toMatchObject({ total: 8, migrated: 6, failed: 2, done: true });
    expect(await handle.query(TICKET_MIGRATION_PROGRESS_QUERY)).toEqual(result);

    for (const t of await rowsOf(movable.map((m) => m.id)))
      expect(t).toMatchObject({
        status: 'pending',
        userId: null,
        whatsappId: target,
        isTransfered: true,
      });
    expect(await rowsOf([held.id])).toMatchObject([
      { status: 'open', userId: adminId, whatsappId: source, isTransfered: false },
    ]);

    // Two batches (5, then 3) and one 500 ms pause between them.
    const history = await handle.fetchHistory();
    const timers = (history.events ?? []).filter((e) => e.timerStartedEventAttributes);
    expect(timers).toHaveLength(1);
    const timeout = timers[0]!.timerStartedEventAttributes!.startToFireTimeout!;
    expect(Number(timeout.seconds ?? 0) * 1000 + Number(timeout.nanos ?? 0) / 1e6).toBe(500);
    const mine = progressed.filter((p) => p.progress.migrationId === started.migrationId);
    expect(
      mine.map((p) => [p.userId, p.progress.migrated, p.progress.failed, p.progress.done]),
    ).toEqual([
      [adminId, 5, 0, false],
      [adminId, 6, 2, true],
    ]);

    const [row] = await h.db.dataSource.query(
      `SELECT position, migrated, failed, status FROM ticket_migrations WHERE id = $1`,
      [started.migrationId],
    );
    expect(row).toEqual({ position: 8, migrated: 6, failed: 2, status: 'done' });
  });

  it('the resume step finishes a migration whose workflow was lost, counting each batch once', async () => {
    const tickets = [await ticket(source, 'pending'), await ticket(source, 'open', adminId)];
    // A migration that stopped after a first batch (its counters say so) and lost its workflow.
    const [m] = await h.db.dataSource.query(
      `INSERT INTO ticket_migrations ("companyId", "userId", "whatsappId", "ticketIds", position, migrated, failed)
       VALUES ($1, $2, $3, $4, 5, 4, 1) RETURNING id`,
      [companyId, adminId, target, [1, 2, 3, 4, 5, ...tickets.map((t) => t.id)]],
    );
    await h.resume();
    const handle = h.client.workflow.getHandle(ticketMigrationWorkflowId(companyId, m.id));
    expect(await handle.result()).toMatchObject({ total: 7, migrated: 6, failed: 1, done: true });
    for (const t of await rowsOf(tickets.map((x) => x.id)))
      expect(t).toMatchObject({ status: 'pending', whatsappId: target, userId: null });
    // Done: a second resume starts nothing.
    await h.resume();
    expect((await handle.describe()).status.name).toBe('COMPLETED');
  });
});
