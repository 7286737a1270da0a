/**
 * The request path every route stands on: req/s and p99 of `GET /auth/me` and `GET /users` at
 * 1 and 20 connections against the real platform (embedded PostgreSQL + api process), driven
 * by autocannon, with the tenant cache on (as production runs) and off. Figures only; nothing
 * is asserted.
 * Run: npm run bench:request-path -w @atendo/bench   (BENCH_SECONDS=10 to change the window)
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { startPlatform } from '@atendo/testing/platform';

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
    env: { LOGIN_RATE_LIMIT: '1000000', LOG_LEVEL: 'warn', TENANT_CACHE_TTL_MS: ttl },
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
      await run(`${base}${path}`, token, 20, 2); // warm-up: JIT, pool, caches
      for (const connections of [1, 20]) {
        const r = await run(`${base}${path}`, token, connections, seconds);
        const failed = r.non2xx + r.errors + r.timeouts;
        console.log(
          `  ${label.padEnd(14)} c=${String(connections).padStart(2)}  ` +
            `${r.requests.average.toFixed(0).padStart(6)} req/s  ` +
            `p50=${r.latency.p50.toFixed(1)}ms p99=${r.latency.p99.toFixed(1)}ms` +
            (failed ? `  FAILED=${failed}` : ''),
        );
      }
    }
  } finally {
    await platform.stop();
  }
}
