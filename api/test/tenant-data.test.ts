import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { tenantData } from '@atendo/core/db/tenant-data.js';
import { SettingEntity, UserEntity } from '@atendo/core/db/entities/index.js';
import type { TestApi } from './support/api.js';
import { dataLayerFixture, type DataLayerFixture } from './support/data-layer.js';
import { sql } from './support/sql.js';

/**
 * Wall 1: the typed tenant data access scopes every operation to its company by construction,
 * tested on a connection that row-level security does not apply to.
 */
describe('tenant data access (wall 1)', () => {
  let t: TestApi;
  let ds: DataSource;
  let demoId: number;
  let platformUserId: number;

  let f: DataLayerFixture;
  beforeAll(async () => {
    // The superuser, to whom row-level security never applies: wall 1 alone.
    f = await dataLayerFixture('unscoped');
    ({ t, ds, demoId } = f);
    const [admin] = await sql<{ id: number }>(
      t.databaseUrl,
      `SELECT id FROM users WHERE email = 'admin@atendo.local'`,
    );
    platformUserId = admin!.id;
  });
  afterAll(async () => {
    await f?.close();
  });

  it("reads only its company's rows, whatever the where says", async () => {
    const users = tenantData(ds, demoId).of(UserEntity);
    const all = await users.find();
    expect(all.length).toBeGreaterThan(0);
    expect(new Set(all.map((u) => u.companyId))).toEqual(new Set([demoId]));
    expect(await users.findOne({ where: { id: platformUserId } })).toBeNull();
    await expect(users.get({ where: { id: platformUserId } })).rejects.toMatchObject({
      code: 'ERR_NOT_FOUND',
    });
    expect(await users.exists({ id: platformUserId })).toBe(false);
    // A where naming another company is overridden, never widened.
    expect(
      await users.count({ where: [{ id: platformUserId }, { id: platformUserId, companyId: 1 }] }),
    ).toBe(0);
  });

  it("never writes another company's rows", async () => {
    const users = tenantData(ds, demoId).of(UserEntity);
    expect(await users.update({ id: platformUserId }, { name: 'hijacked' })).toBe(0);
    expect(await users.delete({ id: platformUserId })).toBe(0);
    const [admin] = await sql<{ name: string }>(
      t.databaseUrl,
      'SELECT name FROM users WHERE id = $1',
      [platformUserId],
    );
    expect(admin!.name).not.toBe('hijacked');
    const platformRow = await tenantData(ds, 1)
      .of(UserEntity)
      .get({ where: { id: platformUserId } });
    await expect(users.save(platformRow)).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
  });

  it('refuses an update or delete that would cover every row', async () => {
    const settings = tenantData(ds, demoId).of(SettingEntity);
    await expect(settings.update({}, { value: 'x' })).rejects.toThrow(/refusing/);
    await expect(settings.delete([])).rejects.toThrow(/refusing/);
  });

  it('stamps its company on inserts and upserts', async () => {
    const settings = tenantData(ds, demoId).of(SettingEntity);
    const row = await settings.insert({ key: 'probeA', value: '1' });
    expect(row.companyId).toBe(demoId);
    await settings.upsert({ key: 'probeA', value: '2' }, ['companyId', 'key']);
    const rows = await sql(
      t.databaseUrl,
      `SELECT "companyId", value FROM settings WHERE key = 'probeA'`,
    );
    expect(rows).toEqual([{ companyId: demoId, value: '2' }]);
  });

  it('rolls a transaction back whole', async () => {
    const db = tenantData(ds, demoId);
    await expect(
      db.transaction(async (tx) => {
        await tx.of(SettingEntity).insert({ key: 'probeTx', value: '1' });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await sql(t.databaseUrl, `SELECT 1 FROM settings WHERE key = 'probeTx'`)).toEqual([]);
  });

  it('increments only matching rows of its company', async () => {
    const users = tenantData(ds, demoId).of(UserEntity);
    const [first] = await users.find({ order: { id: 'ASC' }, take: 1 });
    await users.increment({ id: first!.id }, 'tokenVersion', 1);
    await users.increment({ id: platformUserId }, 'tokenVersion', 1);
    const rows = await sql<{ id: number; tokenVersion: number }>(
      t.databaseUrl,
      'SELECT id, "tokenVersion" FROM users WHERE id = ANY($1) ORDER BY id',
      [[first!.id, platformUserId]],
    );
    expect(rows.find((r) => r.id === first!.id)!.tokenVersion).toBe(first!.tokenVersion + 1);
    expect(rows.find((r) => r.id === platformUserId)!.tokenVersion).toBe(0);
  });
});
