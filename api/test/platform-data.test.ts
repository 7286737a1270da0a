import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource, EntitySchema } from 'typeorm';
import {
  crossTenantData,
  platformData,
  type PlatformEntity,
} from '@atendo/core/db/platform-data.js';
import {
  CompanyEntity,
  PlanEntity,
  SettingEntity,
  UserEntity,
} from '@atendo/core/db/entities/index.js';
import { withCompany } from '@atendo/core/db/tenant-scope.js';
import { dataLayerFixture, type DataLayerFixture } from './support/data-layer.js';

/** The data accesses beside tenantData: platform tables only, and named cross-company paths. */
describe('platformData and crossTenantData', () => {
  let ds: DataSource;
  let demoId: number;
  let f: DataLayerFixture;
  beforeAll(async () => {
    f = await dataLayerFixture('scoped');
    ({ ds, demoId } = f);
  });
  afterAll(async () => {
    await f?.close();
  });

  it('reads platform tables from any scope', async () => {
    const companies = await withCompany(demoId, () =>
      platformData(ds)
        .of(CompanyEntity)
        .find({ order: { id: 'ASC' } }),
    );
    expect(companies.map((c) => c.id)).toEqual(expect.arrayContaining([1, demoId]));
    expect(await platformData(ds).of(PlanEntity).count()).toBeGreaterThan(0);
  });

  it("refuses a company's entity at run time", () => {
    const tenantEntity = SettingEntity as unknown as PlatformEntity;
    expect(() => platformData(ds).of(tenantEntity as EntitySchema<never>)).toThrow();
  });

  it('crosses companies only through a named path, and only its own operations', async () => {
    const users = crossTenantData(ds, 'login').of(UserEntity);
    const both = await users.find({
      where: [{ email: 'admin@atendo.local' }, { email: 'admin@demo.atendo.local' }],
    });
    expect(new Set(both.map((u) => u.companyId))).toEqual(new Set([1, demoId]));
    // The same read outside it, in a company's scope, sees that company only.
    const scoped = await withCompany(demoId, () =>
      ds.query('SELECT DISTINCT "companyId" FROM users'),
    );
    expect(scoped).toEqual([{ companyId: demoId }]);
    await expect(users.update({}, { name: 'x' })).rejects.toThrow(/refusing/);
  });
});
