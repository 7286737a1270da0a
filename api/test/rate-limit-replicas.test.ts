import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/logger.js';
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
});
