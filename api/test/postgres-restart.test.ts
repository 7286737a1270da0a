import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cloudText,
  cloudWebhook,
  postWebhook,
  startFakeGraph,
  type FakeGraph,
} from '@atendo/testing/fake-graph';
import { freePort } from '@atendo/testing/ports';
import { startEmbeddedPostgres, type EmbeddedDb } from '@atendo/core/db/embedded.js';
import { createSocketEmitter } from '@atendo/core/events/socket-emitter.js';
import { startApiProcess, type ApiProcess } from './support/api-process.js';
import { DEMO_ADMIN } from './support/api.js';
import { sql } from './support/sql.js';

/**
 * PostgreSQL stopped and started again under the real api process while list reads, agent
 * sends and signed Meta webhooks keep coming (docs/operations.md#when-postgresql-restarts):
 * the process lives on, every request it could not serve is a 503 ERR_DATABASE_UNAVAILABLE,
 * it serves again on its own once PostgreSQL is back, and no webhook is lost or stored twice.
 * The PostgreSQL is this file's own (the shared test server cannot be stopped under the
 * other suites).
 */
const SECRET = 'meta-app-secret-for-pg-restart';
const PHONE = '1000777';
const CUSTOMER = '5511987000777';
const UNAVAILABLE = { error: 'ERR_DATABASE_UNAVAILABLE' };

let pgDir: string;
let pgPort: number;
let db: EmbeddedDb;
let url: string;
let api: ApiProcess;
let graph: FakeGraph;
/** The api's error-level log lines (an unhandled error names its cause there). */
const errorLines = () =>
  api
    .output()
    .split('\n')
    .filter((l) => l.includes('"level":50'))
    .join('\n')
    .slice(-6000);
/** What a failed wait reports: the requests in flight, the last outcomes, the api's log. */
let diagnosis = () => '';

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  sql<T>(url, text, params);

/** Polls `check` until it returns a value; fails after `ms` (a bound, not a measure). */
async function until<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  ms = 30_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    // The api process gone (crashed on the lost connection) ends the wait with its last words.
    if (api && !api.alive())
      throw new Error(`the api process exited:\n${api.output().slice(-3000)}`);
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; ${diagnosis()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atendo-pg-restart-'));
  fs.chmodSync(pgDir, 0o755);
  pgPort = await freePort();
  db = await startEmbeddedPostgres({
    dir: path.join(pgDir, 'data'),
    port: pgPort,
    database: 'atendo',
  });
  url = db.url('atendo');
  graph = await startFakeGraph();
  api = await startApiProcess(url, {
    META_GRAPH_URL: graph.url,
    META_APP_SECRET: SECRET,
    META_APP_ID: '424242',
    // The per-process tenant cache on, as in production: its LISTEN client is lost too.
    TENANT_CACHE_TTL_MS: '10000',
  });
}, 180_000);

afterAll(async () => {
  await api?.stop();
  await graph?.close();
  await db?.stop().catch(() => {});
  if (pgDir) fs.rmSync(pgDir, { recursive: true, force: true });
});

type Kind = 'list' | 'send' | 'webhook';
interface Outcome {
  kind: Kind;
  status: number;
  body: unknown;
  contentType: string | null;
  /** The webhook's message id. */
  wid?: string;
  /** Set once PostgreSQL was started again. */
  afterRestart: boolean;
}

describe('PostgreSQL restarting under load', () => {
  it('answers 503 ERR_DATABASE_UNAVAILABLE meanwhile, recovers alone, and loses no webhook', async () => {
    const login = await fetch(`${api.url}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(DEMO_ADMIN),
    });
    expect(login.status).toBe(200);
    const { token, user } = (await login.json()) as {
      token: string;
      user: { id: number; companyId: number };
    };
    await q(
      `INSERT INTO whatsapps ("companyId", name, channel, status, "facebookPageUserId", "tokenMeta")
       VALUES ($1, 'Cloud restart', 'whatsappapi', 'CONNECTED', $2, 'cloud-token')`,
      [user.companyId, PHONE],
    );
    const webhook = (wid: string) =>
      postWebhook(
        api.url,
        cloudWebhook(PHONE, cloudText({ from: CUSTOMER, text: `oi ${wid}`, id: wid })),
        {
          secret: SECRET,
        },
      );
    expect((await webhook('wamid.PGR-first')).status).toBe(200);
    const [{ ticketId } = { ticketId: 0 }] = await q<{ ticketId: number }>(
      `SELECT "ticketId" FROM messages WHERE wid = 'wamid.PGR-first'`,
    );
    expect(ticketId).toBeGreaterThan(0);

    // A console socket, reconnecting as the console's does, open across the restart.
    const socket: Socket = io(`${api.url}/${user.companyId}`, {
      auth: { token },
      query: { userId: String(user.id) },
      transports: ['websocket'],
      reconnection: true,
      reconnectionDelay: 200,
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });

    const outcomes: Outcome[] = [];
    let restarted = false;
    let stopped = false;
    let seq = 0;
    const auth = { Authorization: `Bearer ${token}` };
    const requests: Record<Kind, () => Promise<{ res: Response; wid?: string }>> = {
      list: async () => ({ res: await fetch(`${api.url}/tickets`, { headers: auth }) }),
      send: async () => ({
        res: await fetch(`${api.url}/messages/${ticketId}`, {
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'application/json' },
          body: JSON.stringify({ body: `resposta ${++seq}` }),
        }),
      }),
      webhook: async () => {
        const wid = `wamid.PGR-${++seq}`;
        return { res: await webhook(wid), wid };
      },
    };
    /** When each kind's current request started: a request that never ends shows here. */
    const inflight: Partial<Record<Kind, number>> = {};
    diagnosis = () =>
      JSON.stringify({ now: Date.now(), inflight, last: outcomes.slice(-6) }) +
      `\napi log:\n${api.output().slice(-3000)}`;
    const loops = (Object.keys(requests) as Kind[]).map(async (kind) => {
      while (!stopped) {
        inflight[kind] = Date.now();
        const afterRestart = restarted;
        try {
          const { res, wid } = await requests[kind]();
          const text = await res.text();
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // Kept as text: the assertion below shows it.
          }
          outcomes.push({
            kind,
            status: res.status,
            body,
            contentType: res.headers.get('content-type'),
            wid,
            afterRestart,
          });
        } catch (err) {
          // The api not answering at all (its process gone) is recorded as status 0.
          outcomes.push({ kind, status: 0, body: String(err), contentType: null, afterRestart });
        }
        delete inflight[kind];
        await new Promise((r) => setTimeout(r, 20));
      }
    });
    const count = (kind: Kind, ok: boolean, afterRestart?: boolean) =>
      outcomes.filter(
        (o) =>
          o.kind === kind &&
          (o.status >= 200 && o.status < 300) === ok &&
          (afterRestart === undefined || o.afterRestart === afterRestart),
      ).length;
    const every = (pred: (k: Kind) => boolean) =>
      (['list', 'send', 'webhook'] as Kind[]).every(pred) ? true : undefined;

    try {
      await until('requests to succeed before the stop', () => every((k) => count(k, true) >= 2));
      await db.stop();
      // Served meanwhile: each kind is refused at least once while PostgreSQL is down.
      await until('requests to fail while PostgreSQL is down', () =>
        every((k) => count(k, false) >= 2),
      );
      db = await startEmbeddedPostgres({ dir: path.join(pgDir, 'data'), port: pgPort });
      restarted = true;
      // Back by itself, no restart of the api: every kind succeeds again within seconds.
      await until('requests to succeed after PostgreSQL is back', () =>
        every((k) => count(k, true, true) >= 3),
      );
    } finally {
      stopped = true;
      await Promise.all(loops);
    }

    expect(api.alive(), api.output()).toBe(true);
    const failures = outcomes.filter((o) => o.status < 200 || o.status >= 300);
    expect(failures.length).toBeGreaterThan(0);
    for (const f of failures) {
      // The api's log names the cause of anything else.
      expect({ kind: f.kind, status: f.status, body: f.body }, errorLines()).toEqual({
        kind: f.kind,
        status: 503,
        body: UNAVAILABLE,
      });
      expect(f.contentType).toMatch(/^application\/json/);
    }

    // Every webhook answered 2xx is stored, once.
    const stored = async (wids: string[]) =>
      q<{ wid: string; n: number }>(
        `SELECT wid, count(*)::int AS n FROM messages WHERE wid = ANY($1::text[]) GROUP BY wid`,
        [wids],
      );
    const accepted = outcomes
      .filter((o) => o.kind === 'webhook' && o.status === 200)
      .map((o) => o.wid!);
    expect(new Map((await stored(accepted)).map((r) => [r.wid, r.n]))).toEqual(
      new Map(accepted.map((w) => [w, 1])),
    );
    // Meta redelivers the refused ones: each is stored once (some may have been stored
    // before the answer was lost; the message id deduplicates).
    const refused = failures.filter((o) => o.kind === 'webhook').map((o) => o.wid!);
    expect(refused.length).toBeGreaterThan(0);
    for (const wid of refused) expect((await webhook(wid)).status).toBe(200);
    for (const wid of refused) expect((await webhook(wid)).status).toBe(200);
    expect(new Map((await stored(refused)).map((r) => [r.wid, r.n]))).toEqual(
      new Map(refused.map((w) => [w, 1])),
    );

    // Pushes from another process (the worker's emitter: a NOTIFY only) reach the socket
    // again: the api's Socket.IO adapter LISTENs anew after the restart.
    const emitter = createSocketEmitter(url);
    try {
      let got = false;
      socket.on(`company-${user.companyId}-tag`, (p: { action?: string; tagId?: number }) => {
        if (p.action === 'delete' && p.tagId === -1) got = true;
      });
      await until('a cross-process push after the restart', () => {
        if (got) return true;
        emitter.emit(user.companyId, 'tag', ['company'], { action: 'delete', tagId: -1 });
        return undefined;
      });
    } finally {
      socket.close();
      await emitter.close();
    }
    expect(api.alive(), api.output()).toBe(true);
  }, 240_000);
});
