import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createDataSource } from '@atendo/core/db/data-source.js';
import { migrations } from '@atendo/core/db/migrations/index.js';
import { createTestDatabase } from './support/database.js';

let url: string;
let drop: (() => Promise<void>) | undefined;
let client: pg.Client;

beforeAll(async () => {
  const db = await createTestDatabase();
  url = db.url;
  drop = db.drop;
  client = new pg.Client({ connectionString: url });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
  await drop?.();
});

async function rows<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await client.query(text, params)).rows as T[];
}

/** Runs `fn` in a transaction that is always rolled back, so each check leaves no rows behind. */
async function rolledBack(fn: () => Promise<void>): Promise<void> {
  await client.query('BEGIN');
  try {
    await fn();
  } finally {
    await client.query('ROLLBACK');
  }
}

describe('test database', () => {
  it('is a real PostgreSQL 15 or later', async () => {
    const [v] = await rows<{ server_version: string }>('SHOW server_version');
    expect(Number(v!.server_version.split('.')[0])).toBeGreaterThanOrEqual(15);
  });

  it('ran every migration the api ships, in order', async () => {
    const ran = await rows<{ name: string }>('SELECT name FROM migrations ORDER BY id');
    expect(ran.map((m) => m.name)).toEqual(migrations.map((M) => new M().name));
  });

  it('has the schema the entities describe (nothing left for a new migration)', async () => {
    const ds = createDataSource(url);
    await ds.initialize();
    try {
      const pending = await ds.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((q) => q.query)).toEqual([]);
    } finally {
      await ds.destroy();
    }
  });

  it('has the tables no entity declares', async () => {
    const tables = await rows<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining(['migrations', 'socket_io_attachments', 'rate_limits']),
    );
  });

  it('allows one active ticket per contact and connection, and any number of closed ones', async () => {
    const [index] = await rows<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE tablename = 'tickets' AND indexname = 'UQ_tickets_active_contact_whatsapp'`,
    );
    expect(index?.indexdef).toMatch(/^CREATE UNIQUE INDEX .* \("contactId", "whatsappId"\) WHERE/);

    await rolledBack(async () => {
      const [company] = await rows<{ id: number }>(
        `INSERT INTO companies (name) VALUES ('Índice Ltda') RETURNING id`,
      );
      const [contact] = await rows<{ id: number }>(
        `INSERT INTO contacts ("companyId", name, number) VALUES ($1, 'Ana', '5511999990000') RETURNING id`,
        [company!.id],
      );
      const [connection] = await rows<{ id: number }>(
        `INSERT INTO whatsapps ("companyId", name) VALUES ($1, 'Comercial') RETURNING id`,
        [company!.id],
      );
      const ticket = (status: string, protocol: string) =>
        client.query(
          `INSERT INTO tickets ("companyId", "contactId", "whatsappId", status, protocol) VALUES ($1, $2, $3, $4, $5)`,
          [company!.id, contact!.id, connection!.id, status, protocol],
        );
      await ticket('closed', 'p1');
      await ticket('closed', 'p2');
      await ticket('open', 'p3');
      await client.query('SAVEPOINT second_active');
      await expect(ticket('pending', 'p4')).rejects.toMatchObject({
        code: '23505',
        constraint: 'UQ_tickets_active_contact_whatsapp',
      });
      await client.query('ROLLBACK TO SAVEPOINT second_active');
    });
  });

  it('keeps company names unique whatever their case', async () => {
    await rolledBack(async () => {
      await client.query(`INSERT INTO companies (name) VALUES ('Caixa Alta')`);
      await expect(
        client.query(`INSERT INTO companies (name) VALUES ('CAIXA ALTA')`),
      ).rejects.toMatchObject({
        code: '23505',
        constraint: 'UQ_companies_name_lower',
      });
    });
  });

  it('keeps user emails lowercase', async () => {
    await rolledBack(async () => {
      const [company] = await rows<{ id: number }>(
        `INSERT INTO companies (name) VALUES ('Minúsculas') RETURNING id`,
      );
      await expect(
        client.query(
          `INSERT INTO users ("companyId", name, email, "passwordHash") VALUES ($1, 'Bia', 'Bia@x.io', 'h')`,
          [company!.id],
        ),
      ).rejects.toMatchObject({ code: '23514', constraint: 'CHK_users_email_lowercase' });
    });
  });
});
