import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase } from './support/database.js';

describe('test database', () => {
  let drop: () => Promise<void>;
  afterAll(() => drop?.());

  it('is a real, migrated PostgreSQL', async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const v = await c.query('SHOW server_version');
    const m = await c.query('SELECT count(*)::int AS n FROM migrations');
    await c.end();
    expect(Number(String(v.rows[0].server_version).split('.')[0])).toBeGreaterThanOrEqual(15);
    expect(m.rows[0].n).toBeGreaterThanOrEqual(0);
  });
});
