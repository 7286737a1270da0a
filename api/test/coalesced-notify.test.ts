import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { coalescedNotifyPool } from '../src/realtime/coalesced-notify.js';
import { createTestDatabase } from './support/database.js';

/**
 * The socket adapter's pool (realtime/coalesced-notify.ts): pushes made in one turn of the
 * event loop reach the other api processes as before, every one and in order, through one
 * statement instead of one each.
 */
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;
let listener: pg.Client;
beforeAll(async () => {
  db = await createTestDatabase();
  pool = new pg.Pool({ connectionString: db.url, max: 4 });
  listener = new pg.Client({ connectionString: db.url });
  await listener.connect();
  await listener.query('LISTEN "socket.io#/7"');
}, 60_000);
afterAll(async () => {
  await listener?.end();
  await pool?.end();
  await db?.drop();
});

it('sends the NOTIFYs of one turn together, each delivered once and in order, repeats included', async () => {
  const heard: string[] = [];
  listener.on('notification', (n) => heard.push(n.payload!));
  const statements: string[] = [];
  const counting = Object.assign(Object.create(pool) as pg.Pool, {
    query: (text: string, params?: unknown[]) => {
      statements.push(text);
      return pool.query(text, params);
    },
    connect: pool.connect.bind(pool),
  });
  const notifying = coalescedNotifyPool(counting);
  const payloads = ['{"n":1}', '{"n":2}', '{"n":2}', '{"n":3}', '{"n":4}'];
  const sent = Promise.all(
    payloads.map((p) => notifying.query('SELECT pg_notify($1, $2)', ['socket.io#/7', p])),
  );
  // Whoever waits for the pushes made so far (a socket recheck) resumes once they are sent.
  await notifying.flushed();
  expect(statements).toHaveLength(2);
  await sent;
  // A repeat starts a new statement: PostgreSQL folds identical NOTIFYs of one transaction.
  expect(statements).toHaveLength(2);
  const end = Date.now() + 5000;
  while (heard.length < payloads.length && Date.now() < end)
    await new Promise((r) => setTimeout(r, 20));
  expect(heard).toEqual(payloads);
  // Anything else goes to the pool as it is.
  const { rows } = await notifying.query<{ one: number }>('SELECT 1 AS one');
  expect(rows).toEqual([{ one: 1 }]);
});
