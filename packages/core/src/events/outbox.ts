import pg from 'pg';
import type { DataSource } from 'typeorm';

/**
 * The transactional outbox: side effects that must not be lost (stopping a company's sessions)
 * are written as rows in the same transaction as the change that causes them, so either both
 * happen or neither does, whichever process made the change (api or worker). Every api process
 * drains the table: woken by NOTIFY at commit, and by a periodic poll in case a notification
 * was missed; it claims rows with FOR UPDATE SKIP LOCKED, so each row is carried out by one
 * process at a time, and marks them done. A failed handler is retried with backoff; handlers
 * must therefore be idempotent (at-least-once delivery).
 *
 * Detached topics (`detached`: calls to outside services that may take seconds, such as the
 * AI prompt's answer) are the exception: a slow provider must not hold the round, its
 * transaction or the rows behind it. Their rows are marked done in the claiming transaction
 * (at most once: a crash mid-call loses that one call, it never repeats it into a duplicate
 * answer) and their handlers run after commit, at most `concurrency` at a time per process;
 * more rows wait in the table, durably, until a slot frees. Their handlers catch their own
 * failures (an error reaching the drain is only reported, never retried).
 */

/** The channel the drain LISTENs on; enqueue notifies it when its transaction commits. */
export const OUTBOX_CHANNEL = 'atendo_outbox';

/** Durable side effects by topic, and what their payload carries. */
export interface OutboxTopics {
  /** Billing switched the company off: its sessions stop, wherever they run. */
  'company.deactivated': { companyId: number };
  /** A customer's message the ticket's AI prompt (`promptId`) answers. Detached. */
  'bot.prompt': { companyId: number; ticketId: number; messageId: number; promptId: number };
  /**
   * A customer's message the ticket's integration (`integrationId`: Typebot, n8n, webhook,
   * Dialogflow) answers; `handedOver` when the message was a menu's pick that handed the
   * ticket to the integration (it starts the bot, it is not an answer to it). Detached.
   */
  'bot.integration': {
    companyId: number;
    ticketId: number;
    messageId: number;
    integrationId: number;
    handedOver: boolean;
  };
}
export type OutboxTopic = keyof OutboxTopics;

/** What enqueueOutbox writes through: a transaction's entity manager or a company's `tx`. */
export interface OutboxWriter {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/**
 * Writes a side effect into the caller's transaction (the `manager` of `ds.transaction`, or a
 * company's `tx`: the outbox is a platform table without row-level security). With a
 * `dedupKey`, a row with that key written before (done or not) makes this one a no-op.
 */
export async function enqueueOutbox<T extends OutboxTopic>(
  db: OutboxWriter,
  topic: T,
  payload: OutboxTopics[T],
  o: { dedupKey?: string } = {},
): Promise<void> {
  const inserted = (await db.query(
    `INSERT INTO outbox (topic, payload, "dedupKey") VALUES ($1, $2, $3)
     ON CONFLICT ("dedupKey") WHERE "dedupKey" IS NOT NULL DO NOTHING RETURNING id`,
    [topic, JSON.stringify(payload), o.dedupKey ?? null],
  )) as unknown[];
  if (!inserted.length) return;
  // NOTIFY is transactional: delivered at commit, dropped on rollback.
  await db.query('SELECT pg_notify($1, $2)', [OUTBOX_CHANNEL, topic]);
}

export type OutboxHandlers = {
  [T in OutboxTopic]: (payload: OutboxTopics[T]) => Promise<void>;
};

export interface OutboxDrainOptions {
  ds: DataSource;
  /** A connection string for the LISTEN client (a pooled connection cannot hold LISTEN). */
  databaseUrl: string;
  /** A row of a topic without a handler here fails (and is retried) like a failed handler. */
  handlers: Partial<OutboxHandlers>;
  onError: (err: unknown, context: { id?: number; topic?: string }) => void;
  /** Poll period when no notification arrives (missed NOTIFY, retries coming due). */
  pollMs?: number;
  /** Rows claimed per round. */
  batch?: number;
  /**
   * Topics whose handlers run after the claim commits, at most once each (see above), with how
   * many of each topic may run at once in this process (each topic has its own slots: a slow
   * provider of one bot never takes the slots of another).
   */
  detached?: Partial<Record<OutboxTopic, number>>;
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
  const detachedTopics = Object.keys(o.detached ?? {}) as OutboxTopic[];
  const inFlight = new Map<OutboxTopic, Set<Promise<void>>>(
    detachedTopics.map((t) => [t, new Set()]),
  );
  /** Per detached topic, the companies whose rows this process claimed, least recent first. */
  const servedRecently = new Map<OutboxTopic, Map<string, true>>(
    detachedTopics.map((t) => [t, new Map()]),
  );

  /** Runs a claimed detached row's handler in the background; its end frees a slot. */
  function runDetached(row: Claimed): void {
    const handler = o.handlers[row.topic as OutboxTopic] as
      ((payload: Record<string, unknown>) => Promise<void>) | undefined;
    const slots = inFlight.get(row.topic as OutboxTopic)!;
    const job = (async () => {
      try {
        if (!handler) throw new Error(`no outbox handler for topic ${row.topic}`);
        await handler(row.payload);
      } catch (err) {
        o.onError(err, { id: row.id, topic: row.topic });
      }
    })().finally(() => {
      slots.delete(job);
      // Rows that waited for a slot are claimed now.
      if (!closed) void drainNow();
    });
    slots.add(job);
  }

  /** One round: claims up to `batch` due rows, carries them out, records the outcome. */
  async function round(): Promise<number> {
    const runner = o.ds.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      // The row locks are held until commit, so no other process claims these rows meanwhile.
      const rows = (await runner.query(
        `SELECT id, topic, payload, attempts FROM outbox
          WHERE "doneAt" IS NULL AND "availableAt" <= now() AND topic <> ALL($2::text[])
          ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [batch, detachedTopics],
      )) as Claimed[];
      // Detached rows: as many per topic as it has free slots, done as soon as this round
      // commits.
      const detached: Claimed[] = [];
      for (const topic of closed ? [] : detachedTopics) {
        const free = o.detached![topic]! - inFlight.get(topic)!.size;
        if (free <= 0) continue;
        // Fair between companies: each company's oldest waiting row first, then each one's
        // second, and so on; among equals, the company this process served least recently
        // first. A company whose customers flood its bot cannot keep another one waiting.
        const recent = servedRecently.get(topic)!;
        const [claimed] = (await runner.query(
          `WITH waiting AS (
             SELECT id, payload->>'companyId' AS company,
                    row_number() OVER (PARTITION BY payload->>'companyId' ORDER BY id) AS turn
               FROM outbox
              WHERE "doneAt" IS NULL AND "availableAt" <= now() AND topic = $2)
           UPDATE outbox SET "doneAt" = now(), attempts = attempts + 1
            WHERE id IN (SELECT o.id FROM outbox o JOIN waiting w ON w.id = o.id
                          ORDER BY w.turn, array_position($3::text[], w.company) NULLS FIRST, o.id
                          LIMIT $1 FOR UPDATE OF o SKIP LOCKED)
            RETURNING id, topic, payload, attempts`,
          [free, topic, [...recent.keys()]],
        )) as [Claimed[], number];
        for (const row of claimed.sort((x, y) => x.id - y.id)) {
          const company = String(row.payload.companyId);
          recent.delete(company);
          recent.set(company, true);
          if (recent.size > 1_000) recent.delete(recent.keys().next().value!);
        }
        detached.push(...claimed);
      }
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
      for (const row of detached.sort((a, b) => a.id - b.id)) runDetached(row);
      return rows.length + detached.length;
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

  // LISTEN on a dedicated client: a wake-up as soon as a writer commits. Lost (PostgreSQL
  // restarted), it is opened again every second until it is back; the poll covers the gap
  // (docs/operations.md#when-postgresql-restarts).
  let listener: pg.Client | null = null;
  let reconnect: NodeJS.Timeout | undefined;
  const gone = new WeakSet<pg.Client>();
  function lost(client: pg.Client, err: unknown): void {
    // An error and the end that follows it, or a failed connect's error and its rejection,
    // are one loss: reported once, reconnected once.
    if (gone.has(client)) return;
    gone.add(client);
    o.onError(err, {});
    if (listener === client) listener = null;
    void client.end().catch(() => {});
    if (!closed) reconnect = setTimeout(() => void listen(), 1_000).unref();
  }
  async function listen(): Promise<void> {
    if (closed) return;
    const client = new pg.Client({ connectionString: o.databaseUrl });
    client.on('notification', () => void drainNow());
    client.on('error', (err) => lost(client, err));
    client.on('end', () => {
      if (!closed && listener === client) lost(client, new Error('outbox listener ended'));
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
      if (closed) return void (await client.end());
      listener = client;
      // Anything committed before LISTEN started is picked up now.
      void drainNow();
    } catch (err) {
      lost(client, err);
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
      // Detached calls end by their own timeouts.
      await Promise.all([...inFlight.values()].flatMap((slots) => [...slots]));
      await listener?.end().catch(() => {});
      listener = null;
    },
  };
}
