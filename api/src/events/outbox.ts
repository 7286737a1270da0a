import pg from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import { OutboxMessageEntity } from './outbox-entity.js';

/**
 * The transactional outbox: side effects that must not be lost (stopping a company's sessions)
 * are written as rows in the same transaction as the change that causes them, so either both
 * happen or neither does, whichever process made the change (api or worker). Every api process
 * drains the table: woken by NOTIFY at commit, and by a periodic poll in case a notification
 * was missed; it claims rows with FOR UPDATE SKIP LOCKED, so each row is carried out by one
 * process at a time, and marks them done. A failed handler is retried with backoff; handlers
 * must therefore be idempotent (at-least-once delivery).
 */

/** The channel the drain LISTENs on; enqueue notifies it when its transaction commits. */
export const OUTBOX_CHANNEL = 'atendo_outbox';

/** Durable side effects by topic, and what their payload carries. */
export interface OutboxTopics {
  /** Billing switched the company off: its sessions stop, wherever they run. */
  'company.deactivated': { companyId: number };
}
export type OutboxTopic = keyof OutboxTopics;

/** Writes a side effect into the caller's transaction (`manager` of `ds.transaction`). */
export async function enqueueOutbox<T extends OutboxTopic>(
  manager: EntityManager,
  topic: T,
  payload: OutboxTopics[T],
): Promise<void> {
  await manager.getRepository(OutboxMessageEntity).insert({ topic, payload });
  // NOTIFY is transactional: delivered at commit, dropped on rollback.
  await manager.query('SELECT pg_notify($1, $2)', [OUTBOX_CHANNEL, topic]);
}

export type OutboxHandlers = {
  [T in OutboxTopic]: (payload: OutboxTopics[T]) => Promise<void>;
};

export interface OutboxDrainOptions {
  ds: DataSource;
  /** A connection string for the LISTEN client (a pooled connection cannot hold LISTEN). */
  databaseUrl: string;
  handlers: OutboxHandlers;
  onError: (err: unknown, context: { id?: number; topic?: string }) => void;
  /** Poll period when no notification arrives (missed NOTIFY, retries coming due). */
  pollMs?: number;
  /** Rows claimed per round. */
  batch?: number;
}

export interface OutboxDrain {
  /** Runs rounds until nothing is due; resolves when done (tests, shutdown). */
  drainNow(): Promise<void>;
  close(): Promise<void>;
}

interface Claimed {
  id: number;
  topic: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/** Seconds before the next attempt after `attempts` failures: 1, 2, 4… up to 5 minutes. */
function backoffSeconds(attempts: number): number {
  return Math.min(300, 2 ** Math.max(0, attempts - 1));
}

/** Starts draining the outbox in this process. */
export function startOutboxDrain(o: OutboxDrainOptions): OutboxDrain {
  const pollMs = o.pollMs ?? 5_000;
  const batch = o.batch ?? 20;
  let closed = false;
  let running: Promise<void> | null = null;
  let again = false;

  /** One round: claims up to `batch` due rows, carries them out, records the outcome. */
  async function round(): Promise<number> {
    const runner = o.ds.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      // The row locks are held until commit, so no other process claims these rows meanwhile.
      const rows = (await runner.query(
        `SELECT id, topic, payload, attempts FROM outbox
          WHERE "doneAt" IS NULL AND "availableAt" <= now()
          ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [batch],
      )) as Claimed[];
      for (const row of rows) {
        const handler = o.handlers[row.topic as OutboxTopic] as
          ((payload: Record<string, unknown>) => Promise<void>) | undefined;
        try {
          if (!handler) throw new Error(`no outbox handler for topic ${row.topic}`);
          await handler(row.payload);
          await runner.query(`UPDATE outbox SET "doneAt" = now() WHERE id = $1`, [row.id]);
        } catch (err) {
          o.onError(err, { id: row.id, topic: row.topic });
          await runner.query(
            `UPDATE outbox SET attempts = attempts + 1, "lastError" = $2,
                    "availableAt" = now() + make_interval(secs => $3)
              WHERE id = $1`,
            [
              row.id,
              String((err as Error)?.message ?? err).slice(0, 2000),
              backoffSeconds(row.attempts + 1),
            ],
          );
        }
      }
      // Done rows are kept a day for inspection.
      await runner.query(
        `DELETE FROM outbox WHERE "doneAt" IS NOT NULL AND "doneAt" < now() - interval '1 day'`,
      );
      await runner.commitTransaction();
      return rows.length;
    } catch (err) {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => {});
      throw err;
    } finally {
      await runner.release();
    }
  }

  /** Runs rounds until one finds nothing; a wake-up during a run schedules one more. */
  function drainNow(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          while (!closed && (await round()) > 0);
        } while (again && !closed);
      } catch (err) {
        o.onError(err, {});
      } finally {
        running = null;
      }
    })();
    return running;
  }

  // LISTEN on a dedicated client: a wake-up as soon as a writer commits.
  let listener: pg.Client | null = null;
  let reconnect: NodeJS.Timeout | undefined;
  async function listen(): Promise<void> {
    if (closed) return;
    const client = new pg.Client({ connectionString: o.databaseUrl });
    client.on('notification', () => void drainNow());
    client.on('error', (err) => {
      o.onError(err, {});
      void client.end().catch(() => {});
      if (listener === client) listener = null;
      if (!closed) reconnect = setTimeout(() => void listen(), 1_000).unref();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
      if (closed) return void (await client.end());
      listener = client;
      // Anything committed before LISTEN started is picked up now.
      void drainNow();
    } catch (err) {
      o.onError(err, {});
      await client.end().catch(() => {});
      if (!closed) reconnect = setTimeout(() => void listen(), 1_000).unref();
    }
  }
  void listen();

  const poll = setInterval(() => void drainNow(), pollMs);
  poll.unref();

  return {
    drainNow,
    async close() {
      closed = true;
      clearInterval(poll);
      clearTimeout(reconnect);
      await running;
      await listener?.end().catch(() => {});
      listener = null;
    },
  };
}
