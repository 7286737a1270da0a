import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { loadConfig } from '@atendo/core/config.js';
import { createLogger } from '@atendo/core/logger.js';
import { startApi, type RunningApi } from '../src/server.js';
import { createTestDatabase } from './support/database.js';

let db: { url: string; drop: () => Promise<void> };
const replicas: RunningApi[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SESSION_RUNTIME: 'none',
    LOGIN_RATE_LIMIT: '3',
    LOGIN_IP_RATE_LIMIT: '5',
    LOGIN_IP_DELAY_MS: '1000',
    UPLOAD_DIR: path.join(os.tmpdir(), 'atendo-rate-limit-test'),
  });
  for (let i = 0; i < 2; i++) {
    replicas.push(
      await startApi({
        config,
        databaseUrl: db.url,
        jwtSecret: 'x'.repeat(32),
        logger: createLogger('silent'),
        seedDemo: 'accounts',
      }),
    );
  }
});
afterAll(async () => {
  await Promise.all(replicas.map((r) => r.close()));
  await db?.drop();
});

const login = (replica: RunningApi, password: string) =>
  fetch(`${replica.url}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'agent@demo.atendo.local', password }),
  });

/** The failures counted against 198.51.100.20 in the shared store. */
async function addressFailures(): Promise<number | undefined> {
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  try {
    const { rows } = await c.query<{ hits: number }>(
      `SELECT hits FROM rate_limits WHERE key = 'login-ip:198.51.100.20'`,
    );
    return rows[0]?.hits;
  } finally {
    await c.end();
  }
}

describe('login rate limit across api replicas', () => {
  it('counts failed attempts on every replica against one budget; successes do not count', async () => {
    const [a, b] = replicas as [RunningApi, RunningApi];
    expect((await login(a, 'wrong-1')).status).toBe(401);
    expect((await login(b, 'demo123')).status).toBe(200);
    expect((await login(b, 'wrong-2')).status).toBe(401);
    expect((await login(a, 'wrong-3')).status).toBe(401);
    const blockedOnB = await login(b, 'wrong-4');
    expect(blockedOnB.status).toBe(429);
    expect(await blockedOnB.json()).toEqual({ error: 'ERR_TOO_MANY_REQUESTS' });
    // Blocked everywhere, even with the right password, until the window passes.
    expect((await login(a, 'demo123')).status).toBe(429);
  });

  it('counts the per-address budget on every replica, and past it slows rather than refuses', async () => {
    const [a, b] = replicas as [RunningApi, RunningApi];
    const from = (replica: RunningApi, body: { email: string; password: string }) =>
      fetch(`${replica.url}/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.20' },
        body: JSON.stringify(body),
      });
    const spent = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        from(i % 2 ? a : b, { email: `nobody${i}@x.io`, password: 'wrong' }),
      ),
    );
    expect(spent.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    expect(await addressFailures()).toBe(5);
    // Spent between the two replicas: the next attempt on either waits its pause (1 s), and a
    // correct password still signs in.
    const started = Date.now();
    const res = await from(a, { email: 'admin@demo.atendo.local', password: 'demo123' });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    // The success is taken back off the shared count once answered.
    await expect.poll(addressFailures).toBe(5);
  });
});
