import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { createDataSource } from '@atendo/core/db/data-source.js';
import {
  ACTIVE_TICKET_INDEX,
  CompanyEntity,
  ContactEntity,
  MESSAGE_WID_INDEX,
  MessageEntity,
  PLATFORM_TABLES,
  PlanEntity,
  SettingEntity,
  TicketEntity,
  UserEntity,
  WhatsappEntity,
  entities,
  type Company,
  type Contact,
  type Ticket,
  type Whatsapp,
} from '@atendo/core/db/entities/index.js';
import { createTestDatabase } from './support/database.js';

/** The PostgreSQL error a failed query rejects with. */
async function pgError(p: Promise<unknown>): Promise<{ code?: string; constraint?: string }> {
  try {
    await p;
  } catch (err) {
    const e = err as { driverError?: { code?: string; constraint?: string }; code?: string };
    return e.driverError ?? e;
  }
  throw new Error('expected the query to fail');
}

describe('database schema', () => {
  let ds: DataSource;
  let drop: () => Promise<void>;
  let seq = 0;

  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    ds = createDataSource(db.url);
    // Several tests provoke constraint violations on purpose; keep them out of the output.
    ds.setOptions({ logging: [] });
    await ds.initialize();
  });
  afterAll(async () => {
    await ds?.destroy();
    await drop?.();
  });

  async function company(): Promise<Company> {
    seq += 1;
    const plan = await ds
      .getRepository(PlanEntity)
      .save({ name: `Plan ${seq}`, users: 5, connections: 2, queues: 3, amount: '199.90' });
    return ds.getRepository(CompanyEntity).save({ name: `Company ${seq}`, planId: plan.id });
  }

  async function whatsapp(c: Company, name = 'Main'): Promise<Whatsapp> {
    return ds.getRepository(WhatsappEntity).save({ companyId: c.id, name });
  }

  async function contact(c: Company): Promise<Contact> {
    seq += 1;
    return ds
      .getRepository(ContactEntity)
      .save({ companyId: c.id, name: 'Maria', number: `55119999${String(seq).padStart(5, '0')}` });
  }

  function ticket(
    c: Company,
    ct: Contact,
    w: Whatsapp | null,
    status = 'pending',
  ): Promise<Ticket> {
    seq += 1;
    return ds.getRepository(TicketEntity).save({
      companyId: c.id,
      contactId: ct.id,
      whatsappId: w?.id ?? null,
      status,
      protocol: `P${seq}`,
    });
  }

  it('has no pending migrations and no difference between entities and migrations', async () => {
    expect(await ds.showMigrations()).toBe(false);
    const pending = await ds.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('keeps company names unique whatever their case', async () => {
    await ds.query(`INSERT INTO companies (name) VALUES ('Caixa Alta')`);
    await expect(
      ds.query(`INSERT INTO companies (name) VALUES ('CAIXA ALTA')`),
    ).rejects.toMatchObject({
      driverError: { code: '23505', constraint: 'UQ_companies_name_lower' },
    });
  });

  it('holds exactly one table per entity', async () => {
    // ticket_counts holds the tab totals' deltas, written by triggers and read by the list's
    // raw SQL only (migration TicketTabCounts): no entity, no key, and no company foreign key,
    // since a company's deletion writes its last deltas after its row is gone.
    const rows: { table_name: string }[] = await ds.query(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
          AND table_name NOT IN ('migrations', 'socket_io_attachments', 'ticket_counts')`,
    );
    const expected = entities.map((e) => ds.getMetadata(e).tableName).sort();
    expect(rows.map((r) => r.table_name).sort()).toEqual(expected);
  });

  it('gives every tenant table a NOT NULL companyId, cascading from companies and indexed', async () => {
    const tables = entities
      .map((e) => ds.getMetadata(e).tableName)
      .filter((t) => !(PLATFORM_TABLES as readonly string[]).includes(t));
    expect(tables.length).toBeGreaterThan(35);
    const columns: { table_name: string; is_nullable: string; data_type: string }[] =
      await ds.query(
        `SELECT table_name, is_nullable, data_type FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name = 'companyId'`,
      );
    const cascades: { table_name: string }[] = await ds.query(
      `SELECT rel.relname AS table_name FROM pg_constraint c
         JOIN pg_class rel ON rel.oid = c.conrelid
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        WHERE c.contype = 'f' AND c.confrelid = 'companies'::regclass AND a.attname = 'companyId'
          AND c.confdeltype = 'c' AND array_length(c.conkey, 1) = 1`,
    );
    // An index (plain or unique) whose leading column is companyId.
    const indexed: { table_name: string }[] = await ds.query(
      `SELECT DISTINCT t.relname AS table_name FROM pg_index i
         JOIN pg_class t ON t.oid = i.indrelid
         JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = i.indkey[0]
        WHERE a.attname = 'companyId'`,
    );
    for (const table of tables) {
      const col = columns.find((c) => c.table_name === table);
      expect(col, `${table}.companyId`).toMatchObject({ is_nullable: 'NO', data_type: 'integer' });
      expect(
        cascades.map((c) => c.table_name),
        `${table} FK`,
      ).toContain(table);
      expect(
        indexed.map((c) => c.table_name),
        `${table} index`,
      ).toContain(table);
    }
    for (const table of PLATFORM_TABLES) {
      expect(
        columns.find((c) => c.table_name === table),
        table,
      ).toBeUndefined();
    }
  });

  it('allows one active ticket per contact and connection, and another once it is closed', async () => {
    const c = await company();
    const w = await whatsapp(c);
    const ct = await contact(c);
    const first = await ticket(c, ct, w, 'open');
    expect(first.uuid).toMatch(/^[0-9a-f-]{36}$/);

    for (const status of ['pending', 'open', 'group', 'nps', 'lgpd']) {
      const err = await pgError(ticket(c, ct, w, status));
      expect(err).toMatchObject({ code: '23505', constraint: ACTIVE_TICKET_INDEX });
    }
    // Other connections and closed history do not collide.
    await ticket(c, ct, await whatsapp(c, 'Second'), 'pending');
    await ticket(c, ct, w, 'closed');

    await ds.getRepository(TicketEntity).update(first.id, { status: 'closed' });
    const second = await ticket(c, ct, w, 'pending');
    expect(second.id).not.toBe(first.id);
  });

  it('keeps ticket protocols unique per company only', async () => {
    const a = await company();
    const b = await company();
    const repo = ds.getRepository(TicketEntity);
    const ca = await contact(a);
    const cb = await contact(b);
    await repo.save({ companyId: a.id, contactId: ca.id, status: 'closed', protocol: 'X-1' });
    await repo.save({ companyId: b.id, contactId: cb.id, status: 'closed', protocol: 'X-1' });
    const err = await pgError(
      repo.save({ companyId: a.id, contactId: ca.id, status: 'closed', protocol: 'X-1' }),
    );
    expect(err.code).toBe('23505');
  });

  it('applies the spec defaults to a new user and refuses a mixed-case or repeated email', async () => {
    const c = await company();
    const repo = ds.getRepository(UserEntity);
    const saved = await repo.save({
      companyId: c.id,
      name: 'Ana',
      email: `ana${seq}@example.com`,
      passwordHash: 'x',
    });
    const user = await repo.findOneByOrFail({ id: saved.id });
    expect(user).toMatchObject({
      profile: 'user',
      super: false,
      startWork: '00:00',
      endWork: '23:59',
      allTicket: 'disable',
      allowGroup: false,
      defaultTheme: 'light',
      defaultMenu: 'closed',
      allHistoric: 'disabled',
      allUserChat: 'disabled',
      userClosePendingTicket: 'enabled',
      showDashboard: 'disabled',
      allowRealTime: 'disabled',
      allowConnections: 'disabled',
      defaultTicketsManagerWidth: 550,
      online: false,
      tokenVersion: 0,
      whatsappId: null,
    });
    expect(user.createdAt).toBeInstanceOf(Date);

    const dup = await pgError(
      repo.save({ companyId: c.id, name: 'Ana 2', email: user.email, passwordHash: 'x' }),
    );
    expect(dup.code).toBe('23505');
    const upper = await pgError(
      repo.save({ companyId: c.id, name: 'Bob', email: 'Bob@Example.com', passwordHash: 'x' }),
    );
    expect(upper).toMatchObject({ code: '23514', constraint: 'CHK_users_email_lowercase' });
  });

  it('reads plans, companies and connections back with their spec defaults', async () => {
    const c = await company();
    const stored = await ds
      .getRepository(CompanyEntity)
      .findOneOrFail({ where: { id: c.id }, relations: { plan: true } });
    expect(stored).toMatchObject({
      status: true,
      recurrence: 'MENSAL',
      timezone: 'America/Sao_Paulo',
      schedules: [],
    });
    expect(stored.plan).toMatchObject({ amount: '199.90', isPublic: true, useKanban: true });

    const w = await ds
      .getRepository(WhatsappEntity)
      .findOneByOrFail({ id: (await whatsapp(c)).id });
    expect(w).toMatchObject({
      channel: 'whatsapp',
      status: 'DISCONNECTED',
      groupAsTicket: 'disabled',
      maxUseBotQueues: 3,
      maxUseBotQueuesNPS: 3,
      whenExpiresTicket: '0',
      provider: 'beta',
      schedules: [],
    });
  });

  it('stores one setting per company and key', async () => {
    const c = await company();
    const repo = ds.getRepository(SettingEntity);
    await repo.save({ companyId: c.id, key: 'userRating', value: 'enabled' });
    const err = await pgError(
      repo.insert({ companyId: c.id, key: 'userRating', value: 'disabled' }),
    );
    expect(err.code).toBe('23505');
  });

  it('deduplicates channel messages per connection', async () => {
    const c = await company();
    const w = await whatsapp(c);
    const t = await ticket(c, await contact(c), w);
    const repo = ds.getRepository(MessageEntity);
    const base = { companyId: c.id, ticketId: t.id, whatsappId: w.id, body: 'oi' };
    await repo.save({ ...base, wid: 'ABC' });
    await repo.save({ ...base, wid: null, isPrivate: true });
    await repo.save({ ...base, wid: null, isPrivate: true });
    const err = await pgError(repo.insert({ ...base, wid: 'ABC' }));
    expect(err).toMatchObject({ code: '23505', constraint: MESSAGE_WID_INDEX });
  });

  it('deletes everything a company owns with it', async () => {
    const c = await company();
    const w = await whatsapp(c);
    const ct = await contact(c);
    const t = await ticket(c, ct, w);
    await ds.getRepository(MessageEntity).save({ companyId: c.id, ticketId: t.id, body: 'x' });
    await ds.getRepository(SettingEntity).save({ companyId: c.id, key: 'k', value: 'v' });
    await ds.getRepository(UserEntity).save({
      companyId: c.id,
      name: 'U',
      email: `u${seq}@x.io`,
      passwordHash: 'x',
      whatsappId: w.id,
    });

    await ds.getRepository(CompanyEntity).delete(c.id);
    for (const table of ['users', 'whatsapps', 'contacts', 'tickets', 'messages', 'settings']) {
      const [{ n }] = await ds.query(
        `SELECT count(*)::int AS n FROM "${table}" WHERE "companyId" = $1`,
        [c.id],
      );
      expect(n, table).toBe(0);
    }
  });
});

describe('migrations', () => {
  it('all revert cleanly and apply again', async () => {
    const db = await createTestDatabase();
    const ds = createDataSource(db.url);
    try {
      await ds.initialize();
      for (let i = 0; i < ds.migrations.length; i++)
        await ds.undoLastMigration({ transaction: 'all' });
      const [{ n }] = await ds.query(
        `SELECT count(*)::int AS n FROM information_schema.tables
          WHERE table_schema = 'public' AND table_name <> 'migrations'`,
      );
      expect(n).toBe(0);
      await ds.runMigrations({ transaction: 'all' });
      expect((await ds.driver.createSchemaBuilder().log()).upQueries).toEqual([]);
    } finally {
      await ds.destroy();
      await db.drop();
    }
  });
});
