import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestGate } from '../src/http/request-gate.js';
import { DEMO_ADMIN, startTestApi, type TestApi } from './support/api.js';
import { sql } from './support/sql.js';

/**
 * A graceful stop (docs/operations.md#stopping-and-rolling): the api stops taking connections, lets the
 * requests already inside finish, refuses what comes in meanwhile, then closes.
 */
describe('stopping the api', () => {
  let t: TestApi;
  let closed = false;

  beforeAll(async () => {
    t = await startTestApi({ API_DRAIN_MS: '15000' });
  });
  afterAll(async () => {
    if (!closed) await t.close();
  });

  it('finishes a request already inside, refuses new ones, and only then closes', async () => {
    const admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const [contact] = await sql<{ id: number }>(
      t.databaseUrl,
      `INSERT INTO contacts ("companyId", name, number) VALUES ($1, 'Lia Prado', '5511955550001')
       RETURNING id`,
      [admin.user.companyId],
    );
    // Another transaction holds the contact's row: the update below waits inside the api.
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM contacts WHERE id = $1 FOR UPDATE', [contact!.id]);

    const update = admin.raw('PUT', `/contacts/${contact!.id}`, {
      name: 'Lia Prado Souza',
      number: '5511955550001',
    });
    // The update is inside (waiting on the lock) before the stop begins.
    const waiting = async () =>
      (
        await holder.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND locktype = 'transactionid'`,
        )
      ).rows[0]!.n;
    for (let i = 0; i < 100 && (await waiting()) === 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await waiting()).toBeGreaterThan(0);

    let stopped = false;
    const stopping = t.api.close().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 300));
    // Still draining: the request inside holds the stop open.
    expect(stopped).toBe(false);
    // A new client is not let in.
    await expect(fetch(`${t.url}/version`)).rejects.toThrow();

    await holder.query('COMMIT');
    await holder.end();
    const res = await update;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { name: string }).name).toBe('Lia Prado Souza');
    await stopping;
    closed = true;
    expect(stopped).toBe(true);
    await t.close().catch(() => {});
  });
});

describe('the request gate', () => {
  it('answers 503 ERR_SHUTTING_DOWN with Connection: close once shut, and reports what is left', async () => {
    const gate = createRequestGate();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const server = http.createServer(
      gate.wrap((req, res) => {
        if (req.url === '/slow') void held.then(() => res.end('done'));
        else res.end('ok');
      }),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const slow = fetch(`${url}/slow`);
      for (let i = 0; i < 100 && gate.inFlight === 0; i++)
        await new Promise((r) => setTimeout(r, 10));
      expect(gate.inFlight).toBe(1);

      // Shut with a short deadline: it reports the request still inside.
      expect(await gate.drain(50)).toEqual({ unfinished: 1 });
      const refused = await fetch(`${url}/fast`);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('connection')).toBe('close');
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(await refused.json()).toEqual({ error: 'ERR_SHUTTING_DOWN' });

      release();
      expect(await (await slow).text()).toBe('done');
      expect(gate.inFlight).toBe(0);
      expect(await gate.drain(50)).toEqual({ unfinished: 0 });
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
