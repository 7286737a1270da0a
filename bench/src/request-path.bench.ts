/**
 * The request path every route stands on: req/s and p99 of `GET /auth/me` and `GET /users` at
 * 1 and 20 connections against the real platform (embedded PostgreSQL + api process), driven
 * by autocannon, with the tenant cache on (as production runs) and off. Figures only; nothing
 * is asserted.
 * Run: npm run bench:request-path -w @atendo/bench   (BENCH_SECONDS=10 to change the window)
 */
import autocannon from 'autocannon';
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

// The api as production runs it (the tenant cache on, 10 s), then with the cache off: the cost
// of the database reads the cache saves (wall 2's share shows in the second).
for (const [mode, ttl] of [
  ['tenant cache on', '10000'],
  ['tenant cache off', '0'],
] as const) {
  const platform = await startPlatform({
    env: { LOGIN_RATE_LIMIT: '1000000', LOG_LEVEL: 'warn', TENANT_CACHE_TTL_MS: ttl },
  });
  try {
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
