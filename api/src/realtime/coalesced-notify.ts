import type pg from 'pg';

const NOTIFY = 'SELECT pg_notify($1, $2)';

/** The adapter's pool, and a way to wait until the pushes made so far have left. */
export type NotifyPool = pg.Pool & {
  /**
   * Resolves once every NOTIFY asked for so far was sent. The cluster adapter delivers a push
   * to this process's own sockets only after its NOTIFY is sent, so whoever must act after a
   * push reached its sockets (ending them, say) waits for this first.
   */
  flushed(): Promise<void>;
};

/**
 * The pool the Socket.IO PostgreSQL adapter publishes through, with the NOTIFYs asked for in
 * one synchronous run (a burst of pushes: a batch of inbound messages) sent as one statement:
 * the database gets one round trip instead of one per push. Each NOTIFY still arrives on
 * its own and in order at every api process; a repeated (channel, payload) pair goes in the
 * next statement, since PostgreSQL folds identical notifications of one transaction into one.
 * Everything else (LISTEN's client, attachments) goes to the pool unchanged.
 */
export function coalescedNotifyPool(pool: pg.Pool): NotifyPool {
  let waiting: { channel: string; payload: string; done: (err?: unknown) => void }[] = [];
  let sending = Promise.resolve();

  const send = async (batch: typeof waiting) => {
    const seen = new Set<string>();
    let chunk: typeof waiting = [];
    const flush = async () => {
      if (!chunk.length) return;
      const sent = chunk;
      chunk = [];
      seen.clear();
      try {
        await pool.query('SELECT pg_notify(c, p) FROM unnest($1::text[], $2::text[]) AS x(c, p)', [
          sent.map((n) => n.channel),
          sent.map((n) => n.payload),
        ]);
        for (const n of sent) n.done();
      } catch (err) {
        for (const n of sent) n.done(err);
      }
    };
    for (const n of batch) {
      const key = `${n.channel}\u0000${n.payload}`;
      if (seen.has(key)) await flush();
      seen.add(key);
      chunk.push(n);
    }
    await flush();
  };

  const query = (text: unknown, params?: unknown[]) => {
    if (text !== NOTIFY || !params) return pool.query(text as string, params);
    const [channel, payload] = params as [string, string];
    return new Promise<void>((resolve, reject) => {
      if (!waiting.length)
        queueMicrotask(() => {
          const batch = waiting;
          waiting = [];
          // One statement at a time: pushes leave in the order they were made.
          sending = sending.then(() => send(batch));
        });
      waiting.push({ channel, payload, done: (err) => (err ? reject(err) : resolve()) });
    });
  };
  const flushed = () =>
    // After the microtask that hands the waiting NOTIFYs to `sending`.
    new Promise<void>((resolve) => queueMicrotask(() => void sending.then(resolve)));
  // The adapter checks its LISTEN client out and listens for its 'end' only: a client checked
  // out of a pg pool has no 'error' listener, so PostgreSQL restarting would throw that error
  // out of the process. Handled here, the client goes back to the pool as broken (destroyed,
  // its slot freed) and its 'end' makes the adapter LISTEN again on a fresh one
  // (docs/operations.md#when-postgresql-restarts).
  const connect = async () => {
    const client = await pool.connect();
    let released = false;
    const release = client.release.bind(client);
    client.release = (err?: Error | boolean) => {
      if (released) return;
      released = true;
      release(err);
    };
    client.on('error', (err) => client.release(err));
    return client;
  };
  return { query, connect, flushed } as unknown as NotifyPool;
}
