/**
 * The attendant's hot paths at scale (issue 7): one company (the demo company) with 100,000
 * tickets, 20,000 contacts and 1,000,000 messages, seeded with set-based SQL through the
 * superuser connection, then `GET /tickets` (open tab, show-all, pending) and
 * `GET /messages/:ticketId` at 1 and 20 connections against the real api process (autocannon),
 * the api's RSS after the run, and EXPLAIN (ANALYZE, BUFFERS) of the list and messages queries
 * as the api runs them (its role, under row-level security). Figures only; nothing is asserted.
 * Run: npm run bench:tickets -w @atendo/bench   (BENCH_SECONDS=5 to change each window, 10 s
 * by default)
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { ticketListQuery } from '@atendo/domain';
import { startPlatform } from '@atendo/testing/platform';
import { cpuMs, cpuTicks, postgresCpuMs, quiet, rssMiB, stealSince } from './proc.js';
import { wrkPath, wrkWindow } from './wrk.js';
// The list statement the api runs, so the EXPLAIN below reads what the routes run rather than
// a copy that drifts.
import { ticketListStatement } from '@atendo/core/modules/tickets/list-tickets.js';
import type { Viewer } from '@atendo/core/modules/tickets/viewer.js';
import { BY_ID as MESSAGES_PAGE_BY_ID } from '@atendo/core/modules/messages/list-messages.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const TICKETS = 100_000;
const CONTACTS = 20_000;
const MESSAGES_PER_TICKET = 10;
/**
 * The bench process's own GC pauses: autocannon runs here, so a pause adds to every latency
 * in flight (at 20 connections the longest reached 10-43 ms of wall time on this busy machine).
 */
const clientGc = { ms: 0, max: 0 };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    clientGc.ms += e.duration;
    clientGc.max = Math.max(clientGc.max, e.duration);
  }
}).observe({ entryTypes: ['gc'] });

/** The api's application role (migrations create it); EXPLAIN runs as it, under RLS. */
const APP_ROLE = 'atendo_app';

async function login(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** A message's body as SQL: ticket `id`'s k-th message, customer (even k) or agent (odd k). */
const bodySql = (id: string, k: string) =>
  `CASE WHEN ${k} % 2 = 0 THEN 'Olá, preciso de ajuda com o pedido ' || ${id} || ' (' || ${k} || ')'
        ELSE 'Claro! Vou verificar o pedido ' || ${id} || ' para você. (' || ${k} || ')' END`;

/** Runs one seeding step and records its time. */
async function step<T>(times: string[], label: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const out = await fn();
  times.push(`${label} ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return out;
}

/**
 * Seeds the demo company. Ticket i (1-based) belongs to contact ((i-1) mod 20,000), so the
 * first 10,000 tickets (the active ones: 5,000 open, 5,000 pending) have distinct contacts and
 * the partial unique index on active (contact, connection) holds; the other 90,000 are closed.
 * Each ticket gets 10 messages two minutes apart; its lastMessage, fromMe and updatedAt are the
 * last one's, written with the ticket (no later UPDATE, which would leave 100k dead rows).
 */
async function seed(
  db: pg.Client,
  companyId: number,
  times: string[],
): Promise<{ adminId: number }> {
  const one = async <T>(sql: string, params: unknown[] = []) =>
    (await db.query(sql, params)).rows[0] as T;
  await db.query('SET synchronous_commit = off');
  // The rows are consistent by construction: skip the foreign-key triggers, which cost more
  // than the inserts themselves (five checks a message). Superuser only; this session only.
  await db.query(`SET session_replication_role = replica`);
  const { adminId } = await one<{ adminId: number }>(
    `SELECT id AS "adminId" FROM users WHERE email = 'admin@demo.atendo.local'`,
  );
  const { agentId } = await one<{ agentId: number }>(
    `SELECT id AS "agentId" FROM users WHERE email = 'agent@demo.atendo.local'`,
  );
  const { queueIds } = await one<{ queueIds: number[] }>(
    `SELECT array_agg(id ORDER BY id) AS "queueIds" FROM queues WHERE "companyId" = $1`,
    [companyId],
  );
  // The admin's "my queues" view (showAll=false) lists only their queues' tickets.
  await db.query(
    `INSERT INTO user_queues ("userId", "queueId", "companyId")
     SELECT $1, q, $2 FROM unnest($3::int[]) q ON CONFLICT DO NOTHING`,
    [adminId, companyId, queueIds],
  );
  const { whatsappId } = await one<{ whatsappId: number }>(
    `INSERT INTO whatsapps ("companyId", name, number, status, "isDefault")
     VALUES ($1, 'Bench WhatsApp', '5511900000000', 'CONNECTED', true) RETURNING id AS "whatsappId"`,
    [companyId],
  );

  const { contactBase } = await one<{ contactBase: number }>(
    `SELECT COALESCE(max(id), 0) AS "contactBase" FROM contacts`,
  );
  await step(times, 'contacts', () =>
    db.query(
      `INSERT INTO contacts (id, "companyId", name, number, email, "whatsappId", "createdAt", "updatedAt")
     SELECT $2 + n, $1, 'Contact ' || n, '55119' || lpad(n::text, 8, '0'),
            CASE WHEN n % 3 = 0 THEN 'contact' || n || '@example.com' END, $3,
            now() - interval '400 days' + n * interval '1 minute',
            now() - interval '400 days' + n * interval '1 minute'
       FROM generate_series(1, $4::int) n`,
      [companyId, contactBase, whatsappId, CONTACTS],
    ),
  );
  await db.query(`SELECT setval(pg_get_serial_sequence('contacts', 'id'), $1)`, [
    contactBase + CONTACTS,
  ]);

  const { ticketBase } = await one<{ ticketBase: number }>(
    `SELECT COALESCE(max(id), 0) AS "ticketBase" FROM tickets`,
  );
  // Active tickets started within the last 3 days, closed ones over the last year.
  const last = MESSAGES_PER_TICKET - 1;
  await step(times, 'tickets', () =>
    db.query(
      `INSERT INTO tickets (id, "companyId", status, "contactId", "userId", "queueId", "whatsappId",
                          "unreadMessages", protocol, "lastMessage", "fromMe", "createdAt",
                          "updatedAt")
     SELECT $2 + i, $1, s.status, $3 + ((i - 1) % $4::int) + 1,
            CASE WHEN s.status = 'pending' THEN NULL
                 WHEN i % 2 = 0 THEN $5::int ELSE $6::int END,
            ($7::int[])[1 + (i % cardinality($7::int[]))],
            $8, CASE WHEN s.status = 'pending' THEN 1 + i % 3 ELSE 0 END,
            'B' || lpad(i::text, 7, '0'), ${bodySql('($2 + i)', String(last))}, ${last % 2 === 1},
            s.created, s.created + ${last} * interval '2 minutes'
       FROM generate_series(1, $9::int) i,
            LATERAL (SELECT CASE WHEN i <= 5000 THEN 'open' WHEN i <= 10000 THEN 'pending'
                                 ELSE 'closed' END AS status,
                            CASE WHEN i <= 10000 THEN now() - random() * interval '3 days'
                                 ELSE now() - interval '3 days' - random() * interval '365 days'
                            END AS created) s`,
      [
        companyId,
        ticketBase,
        contactBase,
        CONTACTS,
        adminId,
        agentId,
        queueIds,
        whatsappId,
        TICKETS,
      ],
    ),
  );
  await db.query(`SELECT setval(pg_get_serial_sequence('tickets', 'id'), $1)`, [
    ticketBase + TICKETS,
  ]);

  const { messageBase } = await one<{ messageBase: number }>(
    `SELECT COALESCE(max(id), 0) AS "messageBase" FROM messages`,
  );
  await step(times, 'messages', () =>
    db.query(
      `INSERT INTO messages (id, "companyId", wid, body, "fromMe", read, ack, "ticketId", "contactId",
                           "queueId", "whatsappId", "userId", "createdAt", "updatedAt")
     SELECT $2 + (t.id - $3 - 1) * $4::int + k + 1, $1, 'BENCH' || t.id || '-' || k,
            ${bodySql('t.id', 'k')},
            k % 2 = 1, k < $4::int - t."unreadMessages", CASE WHEN k % 2 = 1 THEN 3 ELSE 0 END,
            t.id, CASE WHEN k % 2 = 0 THEN t."contactId" END, t."queueId", t."whatsappId",
            CASE WHEN k % 2 = 1 THEN t."userId" END,
            t."createdAt" + k * interval '2 minutes', t."createdAt" + k * interval '2 minutes'
       FROM tickets t, generate_series(0, $4::int - 1) k
      WHERE t."companyId" = $1 AND t.id > $3`,
      [companyId, messageBase, ticketBase, MESSAGES_PER_TICKET],
    ),
  );
  await db.query(`SELECT setval(pg_get_serial_sequence('messages', 'id'), $1)`, [
    messageBase + TICKETS * MESSAGES_PER_TICKET,
  ]);
  await db.query(`SET session_replication_role = DEFAULT`);
  // The replica role skipped the triggers that keep the tab totals: fold the company's tickets
  // into them as the migration does for existing data.
  await db.query(`DELETE FROM ticket_counts WHERE "companyId" = $1`, [companyId]);
  await db.query(
    `INSERT INTO ticket_counts ("companyId", status, "queueId", "userId", "isGroup", n)
     SELECT "companyId", status, "queueId", "userId", "isGroup", count(*)
       FROM tickets WHERE "companyId" = $1 GROUP BY 1, 2, 3, 4, 5`,
    [companyId],
  );
  // What autovacuum would have done by then: statistics, and the visibility map that lets the
  // tab counts read the index alone.
  await step(times, 'VACUUM ANALYZE', () => db.query('VACUUM ANALYZE'));
  // The seed leaves about a gigabyte of dirty pages, which PostgreSQL's checkpointer and then
  // the kernel write out over the next minute: written now, not during the first windows.
  await step(times, 'CHECKPOINT + sync', async () => {
    await db.query('CHECKPOINT');
    execFileSync('sync');
  });
  return { adminId };
}

/** Prints EXPLAIN (ANALYZE, BUFFERS) of `sql` as the api runs it: its role, its tenant scope. */
async function explain(
  db: pg.Client,
  companyId: number,
  label: string,
  sql: string,
  params: unknown[],
) {
  await db.query('BEGIN');
  try {
    await db.query(`SET LOCAL ROLE ${APP_ROLE}`);
    await db.query(
      `SELECT set_config('atendo.company_min', $1, true), set_config('atendo.company_max', $1, true)`,
      [String(companyId)],
    );
    // As the api runs it: a prepared statement under a generic plan (data-source.ts).
    await db.query(`SET LOCAL plan_cache_mode = force_generic_plan`);
    await db.query(`PREPARE bench_explained AS ${sql}`);
    // EXECUTE takes its arguments as SQL, not bound: literals, typed by the PREPARE.
    const literal = (v: unknown): string =>
      db.escapeLiteral(
        Array.isArray(v) ? `{${v.map((x) => JSON.stringify(x)).join(',')}}` : String(v),
      );
    const args = params.map(literal).join(', ');
    const execute = `EXECUTE bench_explained${args ? `(${args})` : ''}`;
    await db.query(execute); // plans it once, as the api's first request on a connection does
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${execute}`,
    );
    console.log(`\n--- EXPLAIN (ANALYZE, BUFFERS): ${label}`);
    for (const r of rows) console.log(r['QUERY PLAN']);
  } finally {
    await db.query('ROLLBACK');
    await db.query('DEALLOCATE ALL');
  }
}

/**
 * One autocannon window; percentiles from every 2xx response's time (autocannon's own summary
 * has no p95).
 */
async function measure(url: string, connections: number, headers: Record<string, string>) {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, headers }, (err, r) =>
      err ? reject(err) : resolve(r),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) times.push(ms);
    });
  });
  times.sort((a, b) => a - b);
  const p = (q: number) =>
    times.length ? times[Math.min(times.length - 1, Math.floor((q / 100) * times.length))]! : NaN;
  return { result, p };
}

// The api as production runs it: the tenant cache on and SQL-built answers unchecked
// (startPlatform's test environment would turn the one off and the other on).
const platform = await startPlatform({
  // The api as production runs it: its bundle, not its sources through tsx.
  bundle: true,
  env: {
    LOGIN_RATE_LIMIT: '1000000',
    LOG_LEVEL: 'warn',
    TENANT_CACHE_TTL_MS: '10000',
    CHECK_SQL_JSON: 'false',
  },
  nodeArgs: process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean),
});
const db = new pg.Client({ connectionString: platform.databaseUrl });
try {
  await db.connect();
  const base = platform.apiUrl;
  const { companyId } = (
    await db.query<{ companyId: number }>(
      `SELECT "companyId" FROM users WHERE email = 'admin@demo.atendo.local'`,
    )
  ).rows[0]!;
  const t0 = performance.now();
  const times: string[] = [];
  const { adminId } = await seed(db, companyId, times);
  console.log(
    `seeded company ${companyId}: ${TICKETS} tickets, ${CONTACTS} contacts, ` +
      `${TICKETS * MESSAGES_PER_TICKET} messages (+ ANALYZE) in ` +
      `${((performance.now() - t0) / 1000).toFixed(1)} s (${times.join(', ')})`,
  );

  // An open ticket of the admin without unread messages: reading it writes nothing, and its
  // contact's earlier tickets make a history of ~50 messages (20 a page).
  const { ticketId, history } = (
    await db.query<{ ticketId: number; history: number }>(
      `SELECT t.id AS "ticketId",
              (SELECT count(*)::int FROM messages m JOIN tickets o ON o.id = m."ticketId"
                WHERE o."contactId" = t."contactId") AS history
         FROM tickets t
        WHERE t."companyId" = $1 AND t.status = 'open' AND t."userId" = $2
          AND t."unreadMessages" = 0
        ORDER BY t.id LIMIT 1`,
      [companyId, adminId],
    )
  ).rows[0]!;

  const token = await login(base, 'admin@demo.atendo.local', 'demo123');
  const headers = { authorization: `Bearer ${token}` };
  const routes = [
    ['GET /tickets open', '/tickets?status=open&showAll=false'],
    ['GET /tickets open showAll', '/tickets?status=open&showAll=true'],
    ['GET /tickets pending showAll', '/tickets?status=pending&showAll=true'],
    [`GET /messages/${ticketId}`, `/messages/${ticketId}`],
  ] as const;
  for (const [label, path] of routes) {
    const res = await fetch(`${base}${path}`, { headers });
    const body = (await res.json()) as {
      count?: number;
      tickets?: unknown[];
      messages?: unknown[];
    };
    const rows = body.tickets?.length ?? body.messages?.length;
    console.log(`${label}: HTTP ${res.status}, ${rows} rows of count=${body.count}`);
  }
  console.log(`(ticket ${ticketId}: its contact's history holds ${history} messages)`);
  const busy = await quiet();
  console.log(`machine quiet before the windows: ${(busy * 100).toFixed(0)}% of its CPU busy`);
  const only = process.env.BENCH_ONLY; // a label's start, to measure one route
  const wrk = process.env.BENCH_CLIENT === 'wrk' ? wrkPath() : undefined;
  if (process.env.BENCH_CLIENT === 'wrk' && !wrk)
    console.log('BENCH_CLIENT=wrk: wrk is not installed (apt-get install wrk); using autocannon');
  console.log(`\n${wrk ? 'wrk' : 'autocannon'}, ${seconds} s per window:`);
  for (const [label, path] of routes) {
    if (only !== undefined && !label.startsWith(only)) continue;
    const url = `${base}${path}`;
    await autocannon({ url, connections: 20, duration: 5, headers }); // warm-up: JIT, pool, caches
    for (const connections of [1, 20]) {
      const cpu0 = {
        api: cpuMs(platform.apiPid),
        pg: postgresCpuMs(),
        own: process.cpuUsage(),
        machine: cpuTicks(),
      };
      clientGc.ms = 0;
      clientGc.max = 0;
      let total: number, rate: number, failed: number, p: (q: 50 | 95 | 99) => number;
      let clientMs: number;
      if (wrk) {
        const w = await wrkWindow(wrk, url, connections, seconds, headers);
        ({ requests: total, rate, failed, p } = w);
        clientMs = w.cpuMs;
      } else {
        const m = await measure(url, connections, headers);
        total = m.result.requests.total;
        rate = m.result.requests.average;
        failed = m.result.non2xx + m.result.errors + m.result.timeouts;
        p = m.p;
        const own = process.cpuUsage(cpu0.own);
        clientMs = (own.user + own.system) / 1000;
      }
      const perRequest = (ms: number) => ((ms * 1000) / total).toFixed(0);
      console.log(
        `${label.padEnd(28)} c=${String(connections).padStart(2)}  ` +
          `${rate.toFixed(0).padStart(6)} req/s  ` +
          `p50=${p(50).toFixed(1)}ms p95=${p(95).toFixed(1)}ms p99=${p(99).toFixed(1)}ms  ` +
          `CPU µs/request: api ${perRequest(cpuMs(platform.apiPid) - cpu0.api)}` +
          ` PG ${perRequest(postgresCpuMs() - cpu0.pg)}` +
          ` client ${perRequest(clientMs)}` +
          `  steal ${stealSince(cpu0.machine)}` +
          (wrk ? '' : `  client GC ${clientGc.ms.toFixed(0)}ms (max ${clientGc.max.toFixed(1)})`) +
          (failed ? `  FAILED=${failed}` : ''),
      );
    }
  }
  console.log(`\napi process RSS after the run: ${rssMiB(platform.apiPid)} MiB`);
  // The machine is often shared: the load says how much of it the figures above had.
  const load = os.loadavg().map((l) => l.toFixed(2));
  console.log(`load average ${load.join(' ')} on ${os.cpus().length} cores`);

  // The list's own statement (list-tickets.ts) for the demo admin, as each route builds it.
  const viewer = (
    await db.query<Viewer>(
      `SELECT u.id, u."companyId", u.name, u.profile, u.super, u."allTicket", u."allowGroup",
              u."allHistoric", u."allUserChat", u."userClosePendingTicket", u."showDashboard",
              u."allowRealTime", u."allowConnections", u."farewellMessage",
              COALESCE((SELECT array_agg(uq."queueId") FROM user_queues uq
                         WHERE uq."userId" = u.id), '{}') AS "queueIds"
         FROM users u WHERE u.id = $1`,
      [adminId],
    )
  ).rows[0]!;
  for (const [, path] of routes.slice(0, 3)) {
    const query = ticketListQuery.parse(Object.fromEntries(new URL(path, base).searchParams));
    const { sql, params } = ticketListStatement(companyId, viewer, query, 'UTC');
    await explain(db, companyId, `GET ${path}`, sql, params);
  }
  // The conversation's statement (list-messages.ts): ticket, page and total in one.
  await explain(db, companyId, `GET /messages/${ticketId}`, MESSAGES_PAGE_BY_ID, [
    companyId,
    ticketId,
    20,
    0,
  ]);
  const hold = Number(process.env.BENCH_HOLD_SECONDS ?? 0);
  if (hold > 0) {
    // For poking at the seeded data by hand (psql, a profiler) before it is thrown away.
    console.log(
      `\nholding ${hold} s: ${platform.databaseUrl}  api ${base} (pid ${platform.apiPid})`,
    );
    console.log(`token: ${token}`);
    await new Promise((resolve) => setTimeout(resolve, hold * 1000));
  }
} finally {
  await db.end().catch(() => undefined);
  await platform.stop();
}
