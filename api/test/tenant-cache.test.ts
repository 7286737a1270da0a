import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { TENANT_CACHE_CHANNEL } from '@atendo/core/db/migrations/1796600000000-tenant-cache-notify.js';
import { DEMO_ADMIN, SUPER, apiError, startTestApi, type TestApi } from './support/api.js';

/**
 * The request path's cache (db/tenant-cache.ts) with a TTL far longer than any test: only
 * invalidation can make a change show. Writes here go straight to the database, as another
 * api replica, the worker or an operator's psql would make them, so only the triggers' NOTIFY
 * can tell the api.
 */
let t: TestApi;
let db: pg.Client;
beforeAll(async () => {
  t = await startTestApi({ TENANT_CACHE_TTL_MS: '300000' });
  db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await t?.close();
});

/** Polls `fn` until it stops throwing (the NOTIFY is asynchronous), at most 3 s. */
async function eventually<T>(fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 3000;
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

let seq = 0;
async function freshCompany() {
  seq += 1;
  const su = await t.login(SUPER.email, SUPER.password);
  const company = await su.call('companiesCreate', {
    body: { name: `Cache ${seq}`, email: `cache${seq}@cache.io`, password: 'secret1', planId: 1 },
  });
  const admin = await t.login(`cache${seq}@cache.io`, 'secret1');
  // Warm the cache: the caller and the view are now held in memory.
  await admin.call('me');
  await admin.call('me');
  return { company, admin };
}

describe('tenant cache: changes made behind the api reach it at commit', () => {
  it('a company suspended by another process ends its sessions at once', async () => {
    const { company, admin } = await freshCompany();
    await db.query(`UPDATE companies SET status = false WHERE id = $1`, [company.id]);
    const err = await eventually(async () => {
      const e = await apiError(() => admin.call('me'));
      expect(e).toMatchObject({ status: 401, code: 'ERR_COMPANY_INACTIVE' });
      return e;
    });
    expect(err.code).toBe('ERR_COMPANY_INACTIVE');
  });

  it('a token version bumped by another process refuses the old token', async () => {
    const { admin } = await freshCompany();
    await db.query(`UPDATE users SET "tokenVersion" = "tokenVersion" + 1 WHERE id = $1`, [
      admin.user.id,
    ]);
    await eventually(async () =>
      expect(await apiError(() => admin.call('me'))).toMatchObject({
        status: 403,
        code: 'ERR_INVALID_TOKEN',
      }),
    );
  });

  it('the user view shows a renamed queue and a changed setting', async () => {
    const { company, admin } = await freshCompany();
    const [queue] = (
      await db.query(
        `INSERT INTO queues ("companyId", name, color) VALUES ($1, 'Vendas', '#000000') RETURNING id`,
        [company.id],
      )
    ).rows as [{ id: number }];
    await db.query(
      `INSERT INTO user_queues ("companyId", "userId", "queueId") VALUES ($1, $2, $3)`,
      [company.id, admin.user.id, queue.id],
    );
    await eventually(async () =>
      expect((await admin.call('me')).queues).toEqual([
        expect.objectContaining({ id: queue.id, name: 'Vendas' }),
      ]),
    );
    await db.query(`UPDATE queues SET name = 'Pós-venda' WHERE id = $1`, [queue.id]);
    await eventually(async () =>
      expect((await admin.call('me')).queues?.[0]).toMatchObject({ name: 'Pós-venda' }),
    );
    await db.query(
      `UPDATE settings SET value = 'disabled' WHERE "companyId" = $1 AND key = 'userRating'`,
      [company.id],
    );
    await eventually(async () => {
      const me = await admin.call('me');
      const settings = (me.company as { companieSettings: { key: string; value: string }[] })
        .companieSettings;
      expect(settings.find((s) => s.key === 'userRating')?.value).toBe('disabled');
    });
  });

  it('changes through the api show in the same process without waiting', async () => {
    const admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    await admin.call('me');
    await admin.call('usersUpdate', {
      params: { id: admin.user.id },
      body: { name: 'Demo Renomeado' },
    });
    // No polling: the change shows on the very next request.
    expect((await admin.call('me')).name).toBe('Demo Renomeado');
  });
});

describe('tenant cache triggers', () => {
  it('are what tells the api: with the users trigger off, a rename stays unseen', async () => {
    const { admin } = await freshCompany();
    const before = (await admin.call('me')).name;
    await db.query(`ALTER TABLE users DISABLE TRIGGER atendo_tenant_cache`);
    try {
      await db.query(`UPDATE users SET name = 'Sem aviso' WHERE id = $1`, [admin.user.id]);
      await new Promise((r) => setTimeout(r, 500));
      // Served from memory: the database already says otherwise.
      expect((await admin.call('me')).name).toBe(before);
    } finally {
      await db.query(`ALTER TABLE users ENABLE TRIGGER atendo_tenant_cache`);
    }
  });

  it('notify the company of a write, and not of the presence heartbeat alone', async () => {
    const listener = new pg.Client({ connectionString: t.databaseUrl });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    await listener.query(`LISTEN ${TENANT_CACHE_CHANNEL}`);
    try {
      const admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
      const companyId = String(admin.user.companyId);
      await db.query(`UPDATE users SET "lastSeenAt" = now() WHERE id = $1`, [admin.user.id]);
      await new Promise((r) => setTimeout(r, 300));
      heard.length = 0;
      await db.query(`UPDATE users SET "lastSeenAt" = now() WHERE id = $1`, [admin.user.id]);
      await new Promise((r) => setTimeout(r, 300));
      expect(heard).toEqual([]);
      await db.query(`UPDATE users SET online = NOT online WHERE id = $1`, [admin.user.id]);
      await eventually(async () => expect(heard).toEqual([companyId]));
    } finally {
      await listener.end();
    }
  });
});
