import type { QueueViewRow } from '@atendo/domain';
import { QUEUE_ROTATION_WORKFLOW, queueRotationWorkflowId } from '@atendo/domain/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_QUEUE } from '../shared.js';
import { startProcessHarness, type ProcessHarness } from '../testing/harness.js';

/**
 * Queue rotation on Temporal's time-skipping test server over real PostgreSQL: waiting tickets
 * of a queue with ativarRoteador go round its online members, and move on when left waiting.
 */
const MIN = 60_000;

let h: ProcessHarness;
let companyId: number;
let queueId: number;
const users = {} as Record<'ana' | 'bia' | 'offline' | 'outsider', number>;

beforeAll(async () => {
  h = await startProcessHarness({ timeSkipping: true });
  // Time only skips inside result() and env.sleep() (see the campaign test).
  await h.env.connection.testService!.lockTimeSkipping({});
  // The worker's first workflow task loads the bundle: warm it up on a queue that does not exist.
  await h.client.workflow.execute(QUEUE_ROTATION_WORKFLOW, {
    taskQueue: TASK_QUEUE,
    workflowId: 'queue-rotation-warm-up',
    args: [{ companyId: 1, queueId: 999_999 }],
  });

  const ds = h.db.dataSource;
  const [company] = await ds.query(
    `INSERT INTO companies (name) VALUES ('Rotation company') RETURNING id`,
  );
  companyId = Number(company.id);
  const [queue] = await ds.query(
    `INSERT INTO queues ("companyId", name, color, "ativarRoteador", "tempoRoteador")
     VALUES ($1, 'Vendas', '#222222', true, 5) RETURNING id`,
    [companyId],
  );
  queueId = Number(queue.id);
  const user = async (name: keyof typeof users, online: boolean, member: boolean) => {
    const [row] = await ds.query(
      `INSERT INTO users ("companyId", name, email, "passwordHash", online)
       VALUES ($1, $2, $3, 'x', $4) RETURNING id`,
      [companyId, name, `${name}@rotation.test`, online],
    );
    users[name] = Number(row.id);
    if (member)
      await ds.query(
        `INSERT INTO user_queues ("userId", "queueId", "companyId") VALUES ($1, $2, $3)`,
        [row.id, queueId, companyId],
      );
  };
  await user('ana', true, true);
  await user('offline', false, true);
  await user('bia', true, true);
  await user('outsider', true, false);
}, 180_000);
afterAll(async () => {
  await h?.stop();
});

let seq = 0;
/** A waiting, unassigned ticket of a new contact in the queue (or in none). */
async function waitingTicket(inQueue = true): Promise<number> {
  const ds = h.db.dataSource;
  const [contact] = await ds.query(
    `INSERT INTO contacts ("companyId", name, number) VALUES ($1, 'Cliente', $2) RETURNING id`,
    [companyId, `55119100000${++seq}`],
  );
  const [ticket] = await ds.query(
    `INSERT INTO tickets ("companyId", "contactId", status, "queueId", protocol)
     VALUES ($1, $2, 'pending', $3, $4) RETURNING id`,
    [companyId, contact.id, inQueue ? queueId : null, `rot-${seq}`],
  );
  return Number(ticket.id);
}

async function owners(ids: number[]): Promise<(number | null)[]> {
  const rows: { id: number; userId: number | null }[] = await h.db.dataSource.query(
    `SELECT id, "userId" FROM tickets WHERE id = ANY($1)`,
    [ids],
  );
  return ids.map((id) => rows.find((r) => r.id === id)!.userId);
}

/** Polls `check` (real time) until it holds. */
async function until(check: () => Promise<boolean>, what: string, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('queue rotation', () => {
  it('gives waiting tickets to the online members in turn, and moves those left waiting', async () => {
    const tickets = [await waitingTicket(), await waitingTicket(), await waitingTicket()];
    const elsewhere = await waitingTicket(false);
    // The worker's start finds the queue with rotation on; the first round runs at once.
    await h.resume();
    await until(async () => (await owners(tickets)).every((u) => u !== null), 'the first round');
    const { ana, bia } = users;
    expect(await owners(tickets)).toEqual([ana, bia, ana]);
    expect(await owners([elsewhere])).toEqual([null]);

    // A round later: each ticket nobody accepted goes to the other member; a new one joins in turn.
    const late = await waitingTicket();
    await h.env.sleep(5 * MIN);
    await until(async () => (await owners([late]))[0] !== null, 'the second round');
    expect(await owners([...tickets, late])).toEqual([bia, ana, bia, ana]);

    // An accepted ticket stays with its member; with Bia offline, waiting ones go to Ana only.
    await h.db.dataSource.query(`UPDATE tickets SET status = 'open' WHERE id = $1`, [tickets[0]]);
    await h.db.dataSource.query(`UPDATE users SET online = false WHERE id = $1`, [bia]);
    await h.env.sleep(5 * MIN);
    await until(async () => (await owners(tickets))[2] === ana, 'the third round');
    expect(await owners([...tickets, late])).toEqual([bia, ana, ana, ana]);
    expect((await owners([elsewhere]))[0]).toBe(null);

    // Rotation switched off and saved.
    await h.db.dataSource.query(`UPDATE queues SET "ativarRoteador" = false WHERE id = $1`, [
      queueId,
    ]);
    // What saving the queue publishes; its listener wakes the workflow, which ends.
    h.ctx.events.publish('queue.updated', {
      companyId,
      queue: { id: queueId, ativarRoteador: false, tempoRoteador: 5 } as QueueViewRow,
    });
    await h.client.workflow.getHandle(queueRotationWorkflowId(queueId)).result();
  });
});
