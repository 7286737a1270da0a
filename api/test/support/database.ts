import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import pg from 'pg';

/** Creates a fresh, migrated database for one test file (a clone of the template); returns its URL. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = inject('pgBaseUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${base}postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE atendo_template`);
  await admin.end();
  return {
    url: `${base}${name}`,
    drop: async () => {
      const c = new pg.Client({ connectionString: `${base}postgres` });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
