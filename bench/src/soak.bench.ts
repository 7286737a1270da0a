/**
 * Soak (issue 28 §2): SOAK_MINUTES (10) of mixed traffic at a fixed open-loop rate, SOAK_RATE
 * (300 req/s) in all, against the whole platform (api from its bundle, the Temporal worker,
 * embedded PostgreSQL): ticket list tabs, conversation loads, agent sends, signed Cloud API
 * webhooks, logins and refreshes, with 50 socket clients joined as the console joins.
 * Prints per minute each route's requests, errors and p50/p99 (from each request's scheduled
 * time, so queuing shows), the RSS of the api, the worker and PostgreSQL and PostgreSQL's
 * connections; at the end the socket events dropped and a leak verdict per series.
 * Figures only; nothing is asserted.
 * Run: npm run bench:soak -w @atendo/bench
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { startFakeGraph } from '@atendo/testing/fake-graph';
import { startPlatform } from '@atendo/testing/platform';
import { cpuMs, cpuTicks, stealSince } from './proc.js';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
/**
 * 150 req/s: at 300 the api, PostgreSQL and this bench need about 1.8 of the 2 cores with
 * this mix (measured at 150: api 47%, PostgreSQL 33%, bench 11% of a core), so any neighbour
 * tips it into an ever-growing queue, which a soak would misread as a leak.
 */
const RATE = Number(process.env.SOAK_RATE ?? 150);
const SOCKETS = 50;
/** Distinct users that log in and refresh (never the admin, whose sockets a login would end). */
const LOGIN_USERS = 6;
/** Customers writing in (each a conversation the agents load and answer). */
const CUSTOMERS = 200;
const TIMEOUT_MS = 10_000;
const SECRET = 'bench-meta-app-secret';
const PHONE_NUMBER_ID = '109876543210';
const ADMIN = { email: 'admin@demo.atendo.local', password: 'demo123' };
/** Tag in every message body this bench makes, so the sockets count only ours. */
const TAG = '[soak]';

/**
 * Each route's share of the rate: mostly what an attendant's console does (list tabs and
 * conversations), then what customers and agents write, and a trickle of logins and refreshes
 * (each login is a scrypt hash by design, docs/hot-paths.md).
 */
const MIX = [
  { route: 'GET /tickets (tabs)', share: 0.45 },
  { route: 'GET /messages/:id', share: 0.34 },
  { route: 'POST /messages/:id', share: 0.06 },
  { route: 'POST /webhook', share: 0.14 },
  { route: 'POST /auth/login', share: 0.0033 },
  { route: 'POST /auth/refresh_token', share: 0.0067 },
] as const;
type Route = (typeof MIX)[number]['route'];

// --- processes -----------------------------------------------------------------------------

function procRead(pid: number, file: string): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return undefined;
  }
}
const kib = (text: string | undefined, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text ?? '')?.[1] ?? 0);
const rss = (pid: number) => kib(procRead(pid, 'status'), 'VmRSS') / 1024;
/** Proportional set size: shared pages split among the processes that map them. */
const pss = (pid: number) => kib(procRead(pid, 'smaps_rollup'), 'Pss') / 1024;
const ppid = (pid: number) => Number(procRead(pid, 'stat')?.split(') ')[1]?.split(' ')[1] ?? 0);
const pids = () =>
  fs
    .readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .map(Number);

/** This process's child whose command line contains `needle` (the platform spawns them). */
function childPid(needle: string): number | undefined {
  return pids().find(
    (p) =>
      ppid(p) === process.pid &&
      (procRead(p, 'cmdline') ?? '').replaceAll('\0', ' ').includes(needle),
  );
}

/**
 * PostgreSQL's memory: the postmaster and its children (backends, checkpointer, walwriter…).
 * RSS summed over them counts shared buffers once per process that touched them, so the sum
 * is of PSS (shared pages split among them), the server's real share of the machine.
 */
function postgresMiB(postmaster: number): number {
  let total = pss(postmaster);
  for (const p of pids()) if (ppid(p) === postmaster) total += pss(p);
  return total;
}

/** CPU ms of one PostgreSQL server: its postmaster (with its reaped children) and live children. */
function postgresCpu(postmaster: number): number {
  const ticks = (pid: number, fields: number) =>
    (procRead(pid, 'stat') ?? ') ')
      .split(') ')[1]!
      .split(' ')
      .slice(11, 11 + fields)
      .reduce((a, b) => a + (Number(b) || 0), 0) * 10;
  let total = ticks(postmaster, 4);
  for (const p of pids()) if (ppid(p) === postmaster) total += ticks(p, 2);
  return total;
}

// --- requests ------------------------------------------------------------------------------

/**
 * Idle connections are closed after 4 s, before the api's (Node's 5 s keep-alive timeout): a
 * connection reused as the server closes it fails with ECONNRESET, the client's race, not the
 * api's failure (browsers retire idle connections early for the same reason).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 4000 });

interface Answer {
  status: number;
  body: string;
  cookie?: string;
}

/**
 * One request; rejects on a socket error or after TIMEOUT_MS without a byte. An answer later
 * than TIMEOUT_MS after its due time counts as a timeout too (see `send`).
 */
function request(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        agent,
        method,
        headers: body ? { ...headers, 'content-length': String(Buffer.byteLength(body)) } : headers,
        timeout: TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            cookie: res.headers['set-cookie']?.[0]?.split(';')[0],
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

let seq = 0;
/** One signed Cloud API webhook: a text message from one of the CUSTOMERS, in turn. */
function webhook(customer = seq % CUSTOMERS) {
  const n = ++seq;
  const from = `55119${String(customer).padStart(8, '0')}`;
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA-SOAK',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550000000', phone_number_id: PHONE_NUMBER_ID },
              contacts: [{ wa_id: from, profile: { name: `Cliente ${customer}` } }],
              messages: [
                {
                  from,
                  id: `wamid.SOAK-${n}`,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: 'text',
                  text: { body: `${TAG} Mensagem ${n}: preciso de ajuda com o pedido` },
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

// --- figures -------------------------------------------------------------------------------

interface Tally {
  ok: number;
  errors: number;
  times: number[];
  /** The first few error kinds, for the reader. */
  kinds: Map<string, number>;
}
const newTally = (): Tally => ({ ok: 0, errors: 0, times: [], kinds: new Map() });
const pct = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((q / 100) * sorted.length))]! : NaN;

/** Least-squares slope (per x) and R² of y over x. */
function regression(xs: number[], ys: number[]) {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  }
  const slope = sxx ? sxy / sxx : 0;
  const r2 = sxx && syy ? (sxy * sxy) / (sxx * syy) : 0;
  return { slope, r2, mean: my };
}

// --- the platform --------------------------------------------------------------------------

// Agents' answers go to a local Graph server, never out of the machine.
const graph = await startFakeGraph();
const platform = await startPlatform({
  // As production runs it: the api's bundle, the tenant cache on, the worker beside it.
  bundle: true,
  worker: true,
  env: {
    META_APP_SECRET: SECRET,
    META_GRAPH_URL: graph.url,
    // No LOG_LEVEL: the platform reads the worker's start from its info log (the api's is warn).
    TENANT_CACHE_TTL_MS: '10000',
  },
});
const db = new pg.Client({ connectionString: platform.databaseUrl });
const sockets: Socket[] = [];
try {
  await db.connect();
  const base = platform.apiUrl;
  const workerPid = childPid('workflows/src/worker.ts');
  const temporalPid = childPid('start-dev');
  const dataDir = (await db.query<{ data_directory: string }>('SHOW data_directory')).rows[0]!
    .data_directory;
  const postmaster = Number(fs.readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);

  const json = { 'content-type': 'application/json' };
  const login = async (email: string, password: string) => {
    const a = await request(
      `${base}/auth/login`,
      'POST',
      json,
      JSON.stringify({ email, password }),
    );
    if (a.status !== 200) throw new Error(`login ${email}: ${a.status} ${a.body}`);
    const r = JSON.parse(a.body) as { token: string; user: { id: number; companyId: number } };
    return { ...r, cookie: a.cookie! };
  };
  const admin = await login(ADMIN.email, ADMIN.password);
  const companyId = admin.user.companyId;
  const auth = { ...json, authorization: `Bearer ${admin.token}` };

  // The Cloud API connection the webhooks arrive on (as bench:inbound sets it up).
  await db.query(
    `INSERT INTO whatsapps ("companyId", name, channel, status, "facebookPageUserId", "tokenMeta")
     VALUES ($1, 'Soak Cloud API', 'whatsappapi', 'CONNECTED', $2, 'soak-token')`,
    [companyId, PHONE_NUMBER_ID],
  );
  // The users that log in and refresh, created by the admin as the console does.
  const users: { email: string; password: string }[] = [];
  for (let i = 0; i < LOGIN_USERS; i++) {
    const u = { email: `soak${i}@demo.atendo.local`, password: `soak-pass-${i}` };
    const a = await request(
      `${base}/users`,
      'POST',
      auth,
      JSON.stringify({ name: `Soak ${i}`, ...u, profile: 'admin' }),
    );
    if (a.status !== 201) throw new Error(`create user: ${a.status} ${a.body}`);
    users.push(u);
  }

  // Every customer writes once first: their conversations exist before the soak starts.
  for (let c = 0; c < CUSTOMERS; c++) {
    const { body, headers } = webhook(c);
    const a = await request(`${base}/webhook`, 'POST', headers, body);
    if (a.status !== 200) throw new Error(`webhook: ${a.status} ${a.body}`);
  }
  let tickets: { id: number; uuid: string }[] = [];
  for (let i = 0; i < 50 && tickets.length < CUSTOMERS; i++) {
    await new Promise((r) => setTimeout(r, 200));
    tickets = (
      await db.query<{ id: number; uuid: string }>(
        `SELECT id, uuid FROM tickets WHERE "companyId" = $1 AND "whatsappId" =
           (SELECT id FROM whatsapps WHERE "facebookPageUserId" = $2) ORDER BY id`,
        [companyId, PHONE_NUMBER_ID],
      )
    ).rows;
  }
  if (tickets.length < CUSTOMERS) throw new Error(`only ${tickets.length} conversations opened`);
  await db.query('ANALYZE');

  // The sockets: the console's namespace and auth, joined as it joins (notifications, the
  // open and pending tabs, one conversation each). As admins they get every message pushed.
  // Counted once per socket and message: a second push of one message is a duplicate, not a
  // make-up for another socket's drop.
  let received = 0;
  let duplicates = 0;
  const duplicated: string[] = [];
  let socketErrors = 0;
  for (let i = 0; i < SOCKETS; i++) {
    const seen = new Set<number>();
    const s = io(`${base}/${companyId}`, {
      auth: { token: admin.token },
      query: { userId: String(admin.user.id) },
      transports: ['websocket'],
      reconnection: false,
    });
    s.on('connect', () => {
      s.emit('joinNotification');
      s.emit('joinTickets', 'open');
      s.emit('joinTickets', 'pending');
      s.emit('joinChatBox', tickets[i % tickets.length]!.uuid);
    });
    s.on(
      `company-${companyId}-appMessage`,
      (e: { action?: string; message?: { id?: number; body?: string; fromMe?: boolean } }) => {
        if (e.action !== 'create' || !e.message?.body?.includes(TAG)) return;
        const id = e.message.id ?? 0;
        if (!seen.has(id)) {
          seen.add(id);
          received++;
        } else {
          duplicates++;
          if (duplicated.length < 5)
            duplicated.push(`#${id} fromMe=${e.message.fromMe} "${e.message.body.slice(0, 40)}"`);
        }
      },
    );
    s.on('disconnect', () => socketErrors++);
    s.on('connect_error', () => socketErrors++);
    sockets.push(s);
    await new Promise<void>((r, j) => {
      s.once('connect', () => r());
      s.once('connect_error', j);
    });
  }
  received = 0;
  duplicates = 0;

  // --- the traffic ---------------------------------------------------------------------------

  const tabs = [
    'status=open&showAll=false',
    'status=open&showAll=true',
    'status=pending&showAll=true',
  ];
  let n = 0;
  /** Messages our 2xx sends and webhooks made: each should reach all SOCKETS. */
  let made = 0;
  /** Per login user: its refresh cookie and the chain its requests take in turn. */
  const sessions = users.map((u) => ({
    ...u,
    cookie: undefined as string | undefined,
    chain: Promise.resolve(),
  }));
  let loginTurn = 0;
  let refreshTurn = 0;
  const fire: Record<Route, () => Promise<Answer>> = {
    'GET /tickets (tabs)': () =>
      request(`${base}/tickets?${tabs[n % tabs.length]}&pageNumber=1`, 'GET', auth),
    'GET /messages/:id': () =>
      request(`${base}/messages/${tickets[n % tickets.length]!.id}`, 'GET', auth),
    'POST /messages/:id': async () => {
      const a = await request(
        `${base}/messages/${tickets[n % tickets.length]!.id}`,
        'POST',
        auth,
        JSON.stringify({ body: `${TAG} Resposta ${n}`, fromMe: true }),
      );
      if (a.status < 300) made++;
      return a;
    },
    'POST /webhook': async () => {
      const { body, headers } = webhook();
      const a = await request(`${base}/webhook`, 'POST', headers, body);
      if (a.status < 300) made++;
      return a;
    },
    // A user's login and refreshes go one after the other (a login revokes its refresh
    // tokens; a refresh rotates its cookie), each still timed from when it was due.
    'POST /auth/login': () => {
      const s = sessions[loginTurn++ % sessions.length]!;
      const p = s.chain.then(async () => {
        const a = await request(
          `${base}/auth/login`,
          'POST',
          json,
          JSON.stringify({ email: s.email, password: s.password }),
        );
        if (a.status === 200) s.cookie = a.cookie;
        return a;
      });
      s.chain = p.then(() => undefined).catch(() => undefined);
      return p;
    },
    'POST /auth/refresh_token': () => {
      const s = sessions[refreshTurn++ % sessions.length]!;
      const p = s.chain.then(async () => {
        const a = await request(`${base}/auth/refresh_token`, 'POST', {
          ...json,
          ...(s.cookie ? { cookie: s.cookie } : {}),
        });
        if (a.status === 200) s.cookie = a.cookie;
        return a;
      });
      s.chain = p.then(() => undefined).catch(() => undefined);
      return p;
    },
  };
  // Every session has a cookie before its first refresh is due.
  for (const s of sessions) s.cookie = (await login(s.email, s.password)).cookie;

  let minute = newTallies();
  function newTallies() {
    return new Map<Route, Tally>(MIX.map((m) => [m.route, newTally()]));
  }
  let inFlight = 0;
  const send = (route: Route, due: number) => {
    n++;
    inFlight++;
    fire[route]()
      .then((a) => {
        const t = minute.get(route)!;
        const ms = performance.now() - due;
        if (ms > TIMEOUT_MS) {
          t.errors++;
          t.kinds.set('timeout', (t.kinds.get('timeout') ?? 0) + 1);
        } else if (a.status >= 200 && a.status < 300) {
          t.ok++;
          t.times.push(ms);
        } else {
          t.errors++;
          t.kinds.set(String(a.status), (t.kinds.get(String(a.status)) ?? 0) + 1);
        }
      })
      .catch((e: Error) => {
        const t = minute.get(route)!;
        t.errors++;
        t.kinds.set(e.message, (t.kinds.get(e.message) ?? 0) + 1);
      })
      .finally(() => inFlight--);
  };

  const totals = new Map<Route, { ok: number; errors: number }>(
    MIX.map((m) => [m.route, { ok: 0, errors: 0 }]),
  );
  const connections = async () =>
    Number(
      (
        await db.query<{ n: string }>(
          `SELECT count(*) AS n FROM pg_stat_activity WHERE backend_type = 'client backend'`,
        )
      ).rows[0]!.n,
    );
  const mib = (v: number) => v.toFixed(0).padStart(5);
  const cpuNow = () => ({
    api: cpuMs(platform.apiPid),
    worker: workerPid ? cpuMs(workerPid) : NaN,
    pg: postgresCpu(postmaster),
    bench: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
    machine: cpuTicks(),
  });
  const report = async (m: number, from: ReturnType<typeof cpuNow>) => {
    const now = cpuNow();
    const ms = 60_000;
    const share = (k: 'api' | 'worker' | 'pg' | 'bench') =>
      `${((100 * (now[k] - from[k])) / ms).toFixed(0)}%`;
    const busy =
      (now.machine.busy - from.machine.busy) / Math.max(1, now.machine.total - from.machine.total);
    const tallies = minute;
    minute = newTallies();
    const row = {
      minute: m,
      api: rss(platform.apiPid),
      worker: workerPid ? rss(workerPid) : NaN,
      temporal: temporalPid ? rss(temporalPid) : NaN,
      pg: postgresMiB(postmaster),
      conns: await connections(),
    };

    console.log(
      `\nminute ${m}: CPU (of one core) api ${share('api')}, worker ${share('worker')}, ` +
        `PostgreSQL ${share('pg')}, bench ${share('bench')}; machine ${(100 * busy).toFixed(0)}% busy, ` +
        `steal ${stealSince(from.machine)}, load ${os.loadavg()[0]!.toFixed(2)}`,
    );
    console.log(
      `  ${'route'.padEnd(26)} ${'reqs'.padStart(6)} ${'errors'.padStart(6)}   p50 ms   p99 ms`,
    );
    for (const [route, t] of tallies) {
      t.times.sort((a, b) => a - b);
      const tot = totals.get(route)!;
      tot.ok += t.ok;
      tot.errors += t.errors;
      const kinds = [...t.kinds].map(([k, c]) => `${k}×${c}`).join(', ');
      console.log(
        `  ${route.padEnd(26)} ${String(t.ok + t.errors).padStart(6)} ${String(t.errors).padStart(6)} ` +
          `${pct(t.times, 50).toFixed(1).padStart(8)} ${pct(t.times, 99).toFixed(1).padStart(8)}` +
          (kinds ? `  (${kinds})` : ''),
      );
    }
    console.log(
      `  RSS MiB: api ${mib(row.api)}, worker ${mib(row.worker)}, temporal ${mib(row.temporal)}; ` +
        `PostgreSQL ${mib(row.pg)} (PSS of its processes); PostgreSQL connections ${row.conns}; ` +
        `socket events ${received} of ${made * SOCKETS}`,
    );
  };

  console.log(
    `soak: ${MINUTES} min at ${RATE} req/s open loop (` +
      MIX.map((m) => `${m.route} ${(m.share * RATE).toFixed(1)}/s`).join(', ') +
      `), ${SOCKETS} sockets, ${CUSTOMERS} conversations, ${LOGIN_USERS} login users`,
  );
  console.log(
    `before: RSS MiB api ${mib(rss(platform.apiPid))}, worker ${mib(workerPid ? rss(workerPid) : NaN)}, ` +
      `PostgreSQL ${mib(postgresMiB(postmaster))}; PostgreSQL connections ${await connections()}`,
  );
  // The schedule: each route at its own fixed interval, whatever the answers.
  const start = performance.now();
  /** Memory and connections every 10 s, for the leak verdict (t in minutes since the start). */
  const samples: {
    t: number;
    api: number;
    worker: number;
    temporal: number;
    pg: number;
    conns: number;
  }[] = [];
  const sampler = setInterval(() => {
    const t = (performance.now() - start) / 60_000;
    const row = {
      t,
      api: rss(platform.apiPid),
      worker: workerPid ? rss(workerPid) : NaN,
      temporal: temporalPid ? rss(temporalPid) : NaN,
      pg: postgresMiB(postmaster),
    };
    // After the end the client may be closed under a last sample: that sample is not needed.
    connections().then(
      (conns) => samples.push({ ...row, conns }),
      () => undefined,
    );
  }, 10_000);
  const next = MIX.map((m) => ({ route: m.route, every: 1000 / (m.share * RATE), due: start }));
  let reported = 0;
  let cpuFrom = cpuNow();
  const end = start + MINUTES * 60_000;
  for (;;) {
    const now = performance.now();
    for (const r of next)
      while (r.due <= now && r.due < end) {
        send(r.route, r.due);
        r.due += r.every;
      }
    if (now - start >= (reported + 1) * 60_000) {
      reported++;
      const at = cpuNow();
      await report(reported, cpuFrom);
      cpuFrom = at;
    }
    if (reported >= MINUTES) break;
    const wake = Math.min(...next.map((r) => r.due), start + (reported + 1) * 60_000);
    await new Promise((r) => setTimeout(r, Math.max(0, wake - performance.now())));
  }

  // Settle: what is in flight lands, then the sockets catch up. An event still missing once
  // nothing is in flight and no event came for 5 s (or after 60 s) is dropped, not late.
  const settleEnd = Date.now() + 60_000;
  let last = -1;
  let still = 0;
  while (Date.now() < settleEnd && received < made * SOCKETS) {
    await new Promise((r) => setTimeout(r, 1000));
    still = received === last && inFlight === 0 ? still + 1 : 0;
    if (still >= 5) break;
    last = received;
  }
  const late = minute;
  console.log('\ntotals');
  for (const [route, tot] of totals) {
    const t = late.get(route)!;
    console.log(
      `  ${route.padEnd(26)} ${String(tot.ok + tot.errors + t.ok + t.errors).padStart(7)} requests, ` +
        `${tot.errors + t.errors} errors`,
    );
  }
  const expected = made * SOCKETS;
  console.log(
    `  socket events: expected ${expected} (${made} messages × ${SOCKETS} sockets), received ` +
      `${received}, dropped ${expected - received}, pushed twice ${duplicates}` +
      (duplicated.length ? ` (e.g. ${duplicated.join('; ')})` : '') +
      `; socket disconnects/errors ${socketErrors}`,
  );
  console.log(`  agents' answers at the local Graph server: ${graph.requests.length}`);

  // The leak rule: from minute 3 to the end (after the caches, pools and JIT warmed up; from
  // minute 2 in runs under 5 minutes), over the 10 s samples, a series grew steadily when its
  // least-squares slope times the span is more than 5% of its mean (2 for connections) and the
  // fit explains most of its variation (R² ≥ 0.8): noise, a GC sawtooth or a plateau has a low
  // R² or a small growth.
  clearInterval(sampler);
  const warm = MINUTES >= 5 ? 2 : 1;
  const tail = samples.filter((r) => r.t >= warm && r.t <= MINUTES);
  console.log(
    `\nleak verdict (${tail.length} samples every 10 s from minute ${warm + 1} to the end: ` +
      'grew = slope × span > 5% of mean (2 connections) and R² ≥ 0.8)',
  );
  for (const key of ['api', 'worker', 'temporal', 'pg', 'conns'] as const) {
    if (tail.length < 6) {
      console.log(`  ${key.padEnd(8)} n/a (fewer than 6 samples)`);
      continue;
    }
    const xs = tail.map((r) => r.t);
    const ys = tail.map((r) => r[key]);
    const { slope, r2, mean } = regression(xs, ys);
    const growth = slope * (xs[xs.length - 1]! - xs[0]!);
    const grew = r2 >= 0.8 && (key === 'conns' ? growth >= 2 : growth > 0.05 * mean);
    const unit = key === 'conns' ? '/min' : 'MiB/min';
    console.log(
      `  ${key.padEnd(8)} first ${ys[0]!.toFixed(0)}, last ${ys[ys.length - 1]!.toFixed(0)}, ` +
        `min ${Math.min(...ys).toFixed(0)}, max ${Math.max(...ys).toFixed(0)}; slope ${slope.toFixed(2)} ${unit}, ` +
        `R² ${r2.toFixed(2)}, mean ${mean.toFixed(0)}: ${grew ? 'GREW STEADILY (leak?)' : 'flat'}`,
    );
  }
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${os.cpus().length} cores`,
  );
} finally {
  for (const s of sockets) s.close();
  agent.destroy();
  await db.end().catch(() => undefined);
  await platform.stop();
  await graph.close();
}
