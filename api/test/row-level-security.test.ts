import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { asPlatform, withCompany } from '@atendo/core/db/tenant-scope.js';
import { tenantData } from '@atendo/core/db/tenant-data.js';
import { UserEntity } from '@atendo/core/db/entities/index.js';
import type { TestApi } from './support/api.js';
import { dataLayerFixture, type DataLayerFixture } from './support/data-layer.js';
import { sql } from './support/sql.js';

/**
 * Wall 2 alone: queries that deliberately omit "companyId" still see only the scoped company's
 * rows, because PostgreSQL enforces it, whatever the code above forgot.
 */
describe('row-level security (wall 2)', () => {
  let t: TestApi;
  let ds: DataSource;
  let demoId: number;
  let f: DataLayerFixture;
  beforeAll(async () => {
    f = await dataLayerFixture('scoped');
    ({ t, ds, demoId } = f);
  });
  afterAll(async () => {
    await f?.close();
  });

  it('a query without companyId returns only the scoped company rows', async () => {
    const everyone = await sql<{ companyId: number }>(
      t.databaseUrl,
      'SELECT DISTINCT "companyId" FROM users ORDER BY 1',
    );
    expect(everyone.length).toBeGreaterThan(1);
    const rows = await withCompany(demoId, () =>
      ds.query('SELECT DISTINCT "companyId" FROM users'),
    );
    expect(rows).toEqual([{ companyId: demoId }]);
    const settings = await withCompany(demoId, () =>
      ds.query('SELECT DISTINCT "companyId" FROM settings'),
    );
    expect(settings).toEqual([{ companyId: demoId }]);
  });

  it('the tenant data access opened for another company by mistake sees nothing', async () => {
    const rows = await withCompany(demoId, () => tenantData(ds, 1).of(UserEntity).find());
    expect(rows).toEqual([]);
    expect(await tenantData(ds, 1).of(UserEntity).count()).toBeGreaterThan(0);
  });

  it('a prepared statement keeps to the scope of each execution', async () => {
    const text = 'SELECT DISTINCT "companyId" FROM users';
    for (let i = 0; i < 3; i++) {
      expect(await tenantData(ds, demoId).prepared('rls-probe', text, [])).toEqual([
        { companyId: demoId },
      ]);
      expect(await tenantData(ds, 1).prepared('rls-probe', text, [])).toEqual([{ companyId: 1 }]);
    }
  });

  it('an unscoped query sees no tenant row at all', async () => {
    const [{ n }] = await ds.query('SELECT count(*)::int AS n FROM users');
    expect(n).toBe(0);
  });

  it('the named platform bypass sees every company', async () => {
    const rows = await asPlatform('test-inspection', () =>
      ds.query('SELECT DISTINCT "companyId" FROM users ORDER BY 1'),
    );
    expect(rows.length).toBeGreaterThan(1);
  });

  it('updates and deletes without companyId touch only the scoped company', async () => {
    const before = await sql<{ companyId: number; name: string }>(
      t.databaseUrl,
      'SELECT "companyId", name FROM users WHERE "companyId" <> $1',
      [demoId],
    );
    await withCompany(demoId, () => ds.query(`UPDATE users SET name = name || ' (x)'`));
    const after = await sql<{ companyId: number; name: string }>(
      t.databaseUrl,
      'SELECT "companyId", name FROM users WHERE "companyId" <> $1',
      [demoId],
    );
    expect(after).toEqual(before);
    const [{ n }] = await withCompany(demoId, () =>
      ds
        .query(`DELETE FROM settings WHERE key = 'userRating' RETURNING "companyId"`)
        .then((r: unknown[][]) => [{ n: (r[0] as { companyId: number }[]).length }]),
    );
    expect(n).toBeLessThanOrEqual(1);
    const others = await sql(t.databaseUrl, `SELECT 1 FROM settings WHERE "companyId" <> $1`, [
      demoId,
    ]);
    expect(others.length).toBeGreaterThan(0);
  });

  it('writing a row into another company is refused', async () => {
    await expect(
      withCompany(demoId, () =>
        ds.query(`INSERT INTO settings ("companyId", key, value) VALUES (1, 'rlsProbe', 'x')`),
      ),
    ).rejects.toThrow(/row-level security/);
    expect(await sql(t.databaseUrl, `SELECT 1 FROM settings WHERE key = 'rlsProbe'`)).toEqual([]);
  });

  it('the runtime connection is not a role that bypasses row-level security', async () => {
    const [me] = await withCompany(demoId, () =>
      ds.query(
        `SELECT current_user AS name, rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user`,
      ),
    );
    expect(me).toMatchObject({ rolsuper: false, rolbypassrls: false });
  });

  it('every table with a companyId column has forced row-level security and a policy', async () => {
    const missing = await sql<{ table: string }>(
      t.databaseUrl,
      `SELECT c.relname AS table
         FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'companyId' AND NOT a.attisdropped
        WHERE c.relkind = 'r'
          AND c.relname <> ALL ($1)
          AND NOT (c.relrowsecurity AND c.relforcerowsecurity
                   AND EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid))`,
      // Announcements are written by the platform for every company to read.
      [['announcements']],
    );
    expect(missing).toEqual([]);
  });
});
