/**
 * The request path every route stands on: req/s and p99 of `GET /auth/me` and `GET /users` at
 * 1 and 20 connections against the real platform (embedded PostgreSQL + api process), driven
 * by autocannon, with the tenant cache on (as production runs) and off. Besides req/s (which
 * on a shared 2-core VM moves with the neighbours and with autocannon's own share of the CPU),
 * each line prints the api process's CPU time per request, read from /proc: the steadier
 * figure for comparing two versions of the code. Figures only; nothing is asserted.
 * Run: npm run bench:request-path -w @atendo/bench   (BENCH_SECONDS=10 to change the window;
 * BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the api)
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { startPlatform } from '@atendo/testing/platform';
import { cpuMs } from './proc.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);

async function login(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

async function run(url: string, token: string, connections: number, duration: number) {
  return autocannon({
    url,
    connections,
    duration,
    headers: { authorization: `Bearer ${token}` },
  });
}

/**
 * Turns row-level security off (or back on) on every table with the tenant policy, as the
 * database's owner: the same api then runs its same queries with wall 1 alone, which prices
 * wall 2. A bench-only switch; the api has none.
 */
async function setRowLevelSecurity(databaseUrl: string, on: boolean): Promise<void> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ table: string }>(
      `SELECT DISTINCT c.relname AS table FROM pg_policy p JOIN pg_class c ON c.oid = p.polrelid
        WHERE p.polname = 'tenant_isolation'`,
    );
    for (const { table } of rows)
      await c.query(`ALTER TABLE "${table}" ${on ? 'ENABLE' : 'DISABLE'} ROW LEVEL SECURITY`);
  } finally {
    await c.end();
  }
}

// The api as production runs it (the tenant cache on, 10 s); with the cache off (every request
// reads its caller and view); and with the cache off and row-level security off: the last two
// price wall 2.
for (const [mode, ttl, rls] of [
  ['tenant cache on', '10000', true],
  ['tenant cache off', '0', true],
  ['tenant cache off, row-level security off (wall 1 only)', '0', false],
] as const) {
  const platform = await startPlatform({
    // The api as production runs it: its bundle, not its sources through tsx.
    bundle: true,
    env: { LOGIN_RATE_LIMIT: '1000000', LOG_LEVEL: 'warn', TENANT_CACHE_TTL_MS: ttl },
    nodeArgs: process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean),
  });
  try {
    if (!rls) await setRowLevelSecurity(platform.databaseUrl, false);
    const base = platform.apiUrl;
    const token = await login(base, 'admin@demo.atendo.local', 'demo123');
    console.log(mode);
    for (const [label, path] of [
      ['GET /auth/me', '/auth/me'],
      ['GET /users', '/users?pageNumber=1'],
    ] as const) {
      await run(`${base}${path}`, token, 20, 5); // warm-up: JIT, pool, caches
      for (const connections of [1, 20]) {
        const cpu0 = cpuMs(platform.apiPid);
        const r = await run(`${base}${path}`, token, connections, seconds);
        const cpuPerRequest = ((cpuMs(platform.apiPid) - cpu0) * 1000) / r.requests.total;
        const failed = r.non2xx + r.errors + r.timeouts;
        console.log(
          `  ${label.padEnd(14)} c=${String(connections).padStart(2)}  ` +
            `${r.requests.average.toFixed(0).padStart(6)} req/s  ` +
            `p50=${r.latency.p50.toFixed(1)}ms p99=${r.latency.p99.toFixed(1)}ms  ` +
            `api CPU ${cpuPerRequest.toFixed(0)} µs/request` +
            (failed ? `  FAILED=${failed}` : ''),
        );
      }
    }
  } finally {
    await platform.stop();
  }
}
