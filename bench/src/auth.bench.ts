/**
 * Auth and request-path benchmark: starts the real platform (embedded PostgreSQL + api
 * process) and prints latency percentiles and throughput for login (KDF-bound by design) and
 * an authenticated read (token check + user lookup). Figures only; nothing is asserted.
 * Run: npm run bench -w @atendo/bench
 */
import { performance } from 'node:perf_hooks';
import { startPlatform } from '@atendo/testing/platform';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(label: string, total: number, concurrency: number, fn: () => Promise<void>) {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        const t0 = performance.now();
        await fn();
        times.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(28)} n=${String(total).padStart(5)} c=${String(concurrency).padStart(2)}  ` +
      `p50=${percentile(times, 50).toFixed(1)}ms p95=${percentile(times, 95).toFixed(1)}ms ` +
      `p99=${percentile(times, 99).toFixed(1)}ms  ${(total / elapsed).toFixed(1)} req/s`,
  );
}

const platform = await startPlatform({ env: { LOGIN_RATE_LIMIT: '1000000' }, bundle: true });
try {
  const base = platform.apiUrl;
  const login = async () => {
    const res = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.atendo.local', password: 'demo123' }),
    });
    if (!res.ok) throw new Error(`login ${res.status}`);
    await res.arrayBuffer();
  };
  await measure('POST /auth/login', 40, 2, login);

  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'agent@demo.atendo.local', password: 'demo123' }),
  });
  const { token } = (await res.json()) as { token: string };
  const me = async () => {
    const r = await fetch(`${base}/auth/me`, { headers: { Authorization: `Bearer ${token}` } });
    if (!r.ok) throw new Error(`me ${r.status}`);
    await r.arrayBuffer();
  };
  await measure('GET /auth/me (warm-up)', 200, 8, me);
  await measure('GET /auth/me', 2000, 16, me);
  const users = async () => {
    const r = await fetch(`${base}/users?pageNumber=1`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!r.ok) throw new Error(`users ${r.status}`);
    await r.arrayBuffer();
  };
  await measure('GET /users (page 1)', 1000, 16, users);
  const mem = process.memoryUsage();
  console.log(`bench process rss=${(mem.rss / 2 ** 20).toFixed(0)}MiB`);
} finally {
  await platform.stop();
}
