import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import pg from 'pg';
import { loadConfig } from '@atendo/core/config.js';
import { createLogger } from '@atendo/core/logger.js';
import { migrations } from '@atendo/core/db/migrations/index.js';
import { startApi, type RunningApi } from '../src/server.js';

const base = inject('pgBaseUrl');
const name = `t_empty_${randomBytes(4).toString('hex')}`;
const started: RunningApi[] = [];

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: `${base}postgres` });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

afterAll(async () => {
  await Promise.all(started.map((a) => a.close()));
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
});

describe('api replicas starting together', () => {
  it('migrate and seed an empty database exactly once', async () => {
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SESSION_RUNTIME: 'none',
      UPLOAD_DIR: path.join(os.tmpdir(), 'atendo-migrate-test'),
    });
    const start = () =>
      startApi({
        config,
        databaseUrl: `${base}${name}`,
        jwtSecret: 'x'.repeat(32),
        logger: createLogger('silent'),
        seedDemo: 'accounts',
      }).then((a) => (started.push(a), a));
    const [a, b] = await Promise.all([start(), start()]);
    expect((await fetch(`${a.url}/health`)).ok).toBe(true);
    expect((await fetch(`${b.url}/health`)).ok).toBe(true);
    const c = new pg.Client({ connectionString: `${base}${name}` });
    await c.connect();
    const ran = await c.query('SELECT name FROM migrations ORDER BY id');
    const companies = await c.query('SELECT name FROM companies ORDER BY id');
    await c.end();
    expect(ran.rows.map((r) => r.name)).toEqual(migrations.map((m) => new m().name));
    expect(companies.rows.map((r) => r.name)).toEqual(['Atendo', 'Demo']);
  });
});
