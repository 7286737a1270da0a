/**
 * Inbound webhook throughput (issue 8): signed WhatsApp Cloud API webhooks fired at the real
 * api process (one text message each, from 2,000 customers in turn, each of whom wrote once
 * before the windows, so tickets are reused as in a day's traffic), each stored through the
 * inbound pipeline and pushed to an admin's socket.
 * First, how fast first messages go (each a new contact and ticket): the warm-up's, cold, and
 * then 2,000 more customers' on a warm api over analyzed tables (issue 25 §4: ≥ 400/s, p50 ≤ 25 ms).
 * Prints the maximum rate (msg/s, 20 connections), the latency at a steady 200 msg/s
 * (p50/p95/p99; an open loop, see `steady`), how many of the stored messages reached the
 * socket, and the api's RSS.
 * Targets: ≥ 1,500 msg/s and p99 ≤ 50 ms at 200 msg/s. Figures only; nothing is asserted.
 * Run: npm run bench:inbound -w @atendo/bench   (BENCH_SECONDS=10 by default)
 */
import crypto from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { io } from 'socket.io-client';
import { startFakeGraph } from '@atendo/testing/fake-graph';
import { startPlatform } from '@atendo/testing/platform';
import { cpuMs, cpuTicks, postgresCpuMs, rssMiB, stealSince } from './proc.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const SECRET = 'bench-meta-app-secret';
const PHONE_NUMBER_ID = '109876543210';
const CUSTOMERS = 2000;

let seq = 0;
/**
 * One signed Cloud API webhook with a new message id: its body and headers. `customers` is the
 * first of the CUSTOMERS numbers it writes from in turn (the windows' customers start at 0).
 */
function nextWebhook(run: string, phoneNumberId = PHONE_NUMBER_ID, customers = 0) {
  const n = ++seq;
  const from = `55119${String(customers + (n % CUSTOMERS)).padStart(8, '0')}`;
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA-BENCH',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550000000', phone_number_id: phoneNumberId },
              contacts: [{ wa_id: from, profile: { name: `Cliente ${n % CUSTOMERS}` } }],
              messages: [
                {
                  from,
                  id: `wamid.BENCH-${run}-${n}`,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: 'text',
                  text: { body: `[${run}] Mensagem ${n}: preciso de ajuda com o pedido` },
                },
              ],
            },
          },
        ],
      },
    ],
  });
  const signature = `sha256=${crypto.createHmac('sha256', SECRET).update(body).digest('hex')}`;
  return {
    body,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
  };
}

/** One autocannon window posting fresh signed webhooks; latencies of every 2xx answer. */
async function fire(
  url: string,
  run: string,
  o: {
    connections: number;
    overallRate?: number;
    phoneNumberId?: string;
    amount?: number;
    customers?: number;
  },
) {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        method: 'POST',
        connections: o.connections,
        ...(o.amount ? { amount: o.amount } : { duration: seconds }),
        ...(o.overallRate ? { overallRate: o.overallRate } : {}),
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              ...nextWebhook(run, o.phoneNumberId, o.customers),
            }),
          },
        ],
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) times.push(ms);
    });
  });
  times.sort((a, b) => a - b);
  const p = (q: number) =>
    times.length ? times[Math.min(times.length - 1, Math.floor((q / 100) * times.length))]! : NaN;
  return { result, ok: times.length, p };
}

/**
 * Webhooks at a steady `rate` per second for the window, each sent at its own time whatever the
 * answers before it (an open loop, as Meta delivers: one as each message happens). Its latency
 * counts from when it was due, so a stall shows in every webhook it held back. autocannon's
 * `overallRate` cannot do this: each connection sends its share of a second at once when the
 * second starts, which measures one-second bursts at full speed, not a rate.
 */
async function steady(url: string, run: string, rate: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const target = new URL(url);
  const times: number[] = [];
  let failed = 0;
  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const { body, headers } = nextWebhook(run);
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode! >= 200 && res.statusCode! < 300)
              times.push(performance.now() - due);
            else failed++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        failed++;
        resolve();
      });
      req.end(body);
    });
  const start = performance.now();
  const total = rate * seconds;
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(send(due));
  }
  await Promise.all(inFlight);
  agent.destroy();
  times.sort((a, b) => a - b);
  const p = (q: number) =>
    times.length ? times[Math.min(times.length - 1, Math.floor((q / 100) * times.length))]! : NaN;
  return { ok: times.length, failed, p, seconds: (performance.now() - start) / 1000 };
}

// What the bots answer goes to a local Graph server, never out of the machine.
const graph = await startFakeGraph();
const platform = await startPlatform({
  // The api as production runs it: its bundle, not its sources through tsx.
  bundle: true,
  env: {
    META_APP_SECRET: SECRET,
    META_GRAPH_URL: graph.url,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '1000000',
    // As production runs it: the tenant cache on (NODE_ENV=test, which the platform sets for
    // its tests, turns it off).
    TENANT_CACHE_TTL_MS: '10000',
  },
  nodeArgs: process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean),
});
const db = new pg.Client({ connectionString: platform.databaseUrl });
/** Socket `create` pushes of our messages, per run (by the run tag their text starts with). */
const socketEvents = new Map<string, number>();
let socket: ReturnType<typeof io> | undefined;
try {
  await db.connect();
  const base = platform.apiUrl;
  const { companyId } = (
    await db.query<{ companyId: number }>(
      `SELECT "companyId" FROM users WHERE email = 'admin@demo.atendo.local'`,
    )
  ).rows[0]!;
  await db.query(
    `INSERT INTO whatsapps ("companyId", name, channel, status, "facebookPageUserId", "tokenMeta")
     VALUES ($1, 'Bench Cloud API', 'whatsappapi', 'CONNECTED', $2, 'bench-token')`,
    [companyId, PHONE_NUMBER_ID],
  );
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.atendo.local', password: 'demo123' }),
  });
  const { token, user } = (await login.json()) as { token: string; user: { id: number } };
  socket = io(`${base}/${companyId}`, {
    auth: { token },
    query: { userId: String(user.id) },
    transports: ['websocket'],
    reconnection: false,
  });
  await new Promise<void>((r, j) => {
    socket!.once('connect', () => r());
    socket!.once('connect_error', j);
  });
  socket.on(
    `company-${companyId}-appMessage`,
    (e: { action?: string; message?: { body?: string } }) => {
      const run = /^\[(\w+)\]/.exec(e.message?.body ?? '')?.[1];
      if (e.action === 'create' && run) socketEvents.set(run, (socketEvents.get(run) ?? 0) + 1);
    },
  );
  const stored = async (run: string) =>
    Number(
      (
        await db.query<{ n: string }>(`SELECT count(*) AS n FROM messages WHERE wid LIKE $1`, [
          `wamid.BENCH-${run}-%`,
        ])
      ).rows[0]!.n,
    );
  /** Waits (up to 10 s) for the socket to catch up with what was stored, then the share. */
  const share = async (run: string) => {
    // Requests still in the api when the window closed are stored (and pushed) after it:
    // wait until the stored count stops growing and the socket caught up (10 s at most).
    const end = Date.now() + 10_000;
    let n = await stored(run);
    while (Date.now() < end) {
      await new Promise((r) => setTimeout(r, 300));
      const now = await stored(run);
      if (now === n && (socketEvents.get(run) ?? 0) >= n) break;
      n = now;
    }
    const got = socketEvents.get(run) ?? 0;
    return { n, got, pct: n ? ((100 * got) / n).toFixed(1) : '-' };
  };

  const url = `${base}/webhook`;
  /** CUSTOMERS first messages (a new contact and ticket each) from `customers` on, at c=10. */
  const firstMessages = async (run: string, customers: number) => {
    const t0 = performance.now();
    const c0 = { api: cpuMs(platform.apiPid), pg: postgresCpuMs() };
    const r = await fire(url, run, { connections: 10, amount: CUSTOMERS, customers });
    const rate = r.ok / ((performance.now() - t0) / 1000);
    const per = (ms: number) => `${((1000 * ms) / Math.max(1, r.ok)).toFixed(0)} µs`;
    const cpu = `api ${per(cpuMs(platform.apiPid) - c0.api)}, PostgreSQL ${per(postgresCpuMs() - c0.pg)}`;
    return { ...r, rate, cpu };
  };
  // Warm-up (JIT, pool) that is also every customer's first message: the windows below
  // measure a company whose customers already have their conversations, as in a day's
  // traffic. How fast these first messages go is printed too (the api cold, the tables
  // growing from nothing, without statistics yet).
  const cold = await firstMessages('warm', 0);
  // A running company's tables have statistics; these grew from nothing during the warm-up.
  await db.query('ANALYZE');
  await new Promise((r) => setTimeout(r, 2000));
  // The cost of a new conversation in a running company (issue 25 §4): the first messages of
  // CUSTOMERS more customers, the api warm and the tables with their statistics.
  const first = await firstMessages('first', CUSTOMERS);
  await db.query('ANALYZE');
  await new Promise((r) => setTimeout(r, 2000));

  console.log(`\n${seconds} s per window, ${CUSTOMERS} customers, one message per webhook:`);
  console.log(
    `first messages, cold   ${cold.rate.toFixed(0).padStart(6)} msg/s  ` +
      `p50=${cold.p(50).toFixed(1)}ms p99=${cold.p(99).toFixed(1)}ms  ` +
      `(warm-up: each a new contact and ticket; ${cold.ok} of ${CUSTOMERS}; CPU per message: ${cold.cpu})`,
  );
  console.log(
    `first messages c=10    ${first.rate.toFixed(0).padStart(6)} msg/s  ` +
      `p50=${first.p(50).toFixed(1)}ms p99=${first.p(99).toFixed(1)}ms  ` +
      `(${CUSTOMERS} more customers, each a new contact and ticket; ${first.ok} of ${CUSTOMERS}; CPU per message: ${first.cpu})`,
  );
  const cpu0 = { api: cpuMs(platform.apiPid), pg: postgresCpuMs(), machine: cpuTicks() };
  const max = await fire(url, 'max', { connections: 20 });
  const perMsg = (ms: number) => `${((1000 * ms) / Math.max(1, max.ok)).toFixed(0)} µs`;
  const cpu = {
    api: perMsg(cpuMs(platform.apiPid) - cpu0.api),
    pg: perMsg(postgresCpuMs() - cpu0.pg),
    steal: stealSince(cpu0.machine),
  };
  const failed = max.result.non2xx + max.result.errors + max.result.timeouts;
  let s = await share('max');
  console.log(
    `max throughput  c=20   ${(max.ok / seconds).toFixed(0).padStart(6)} msg/s  ` +
      `p50=${max.p(50).toFixed(1)}ms p99=${max.p(99).toFixed(1)}ms` +
      `  stored ${s.n}, socket events ${s.got} (${s.pct}%)` +
      (failed ? `  FAILED=${failed}` : ''),
  );
  console.log(`  CPU per message: api ${cpu.api}, PostgreSQL ${cpu.pg}; steal ${cpu.steal}`);
  await new Promise((r) => setTimeout(r, 2000));
  const steadyFrom = cpuTicks();
  const paced = await steady(url, 'steady', 200);
  s = await share('steady');
  console.log(
    `steady 200 msg/s       ${(paced.ok / paced.seconds).toFixed(0).padStart(6)} msg/s  ` +
      `p50=${paced.p(50).toFixed(1)}ms p95=${paced.p(95).toFixed(1)}ms p99=${paced.p(99).toFixed(1)}ms` +
      `  stored ${s.n}, socket events ${s.got} (${s.pct}%)  steal ${stealSince(steadyFrom)}` +
      (paced.failed ? `  FAILED=${paced.failed}` : ''),
  );
  // What autocannon's overallRate measured before: each second's 200 sent at once on 10
  // connections (bursts at full speed), kept for comparison with earlier figures.
  const burst = await fire(url, 'burst', { connections: 10, overallRate: 200 });
  console.log(
    `200/s in 1 s bursts    ${(burst.ok / seconds).toFixed(0).padStart(6)} msg/s  ` +
      `p50=${burst.p(50).toFixed(1)}ms p95=${burst.p(95).toFixed(1)}ms p99=${burst.p(99).toFixed(1)}ms` +
      '  (autocannon overallRate, c=10)',
  );
  // The webhook front alone (signature, mapping, connection lookup) without the pipeline:
  // an account no connection has, so nothing is stored.
  const front = await fire(url, 'front', { connections: 20, phoneNumberId: '1' });
  console.log(
    `front only c=20        ${(front.ok / seconds).toFixed(0).padStart(6)} req/s  ` +
      `p50=${front.p(50).toFixed(1)}ms p99=${front.p(99).toFixed(1)}ms  (unknown account: verified, mapped, looked up, nothing stored)`,
  );
  // What this machine gives any request right now (it is often shared): the baseline.
  const health = await autocannon({ url: `${base}/health`, connections: 20, duration: seconds });
  console.log(
    `baseline GET /health   ${health.requests.average.toFixed(0).padStart(6)} req/s  ` +
      `p99=${health.latency.p99.toFixed(1)}ms`,
  );
  console.log(`targets: ≥ 1500 msg/s; p99 ≤ 50 ms at 200 msg/s`);
  console.log(`bot answers sent to the local Graph server: ${graph.requests.length}`);
  console.log(`api process RSS after the run: ${rssMiB(platform.apiPid)} MiB`);
  const load = os.loadavg().map((l) => l.toFixed(2));
  console.log(`load average ${load.join(' ')} on ${os.cpus().length} cores`);
} finally {
  socket?.close();
  await db.end().catch(() => undefined);
  await platform.stop();
  await graph.close();
}
