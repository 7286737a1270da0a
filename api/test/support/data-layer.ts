import type { DataSource } from 'typeorm';
import { createDataSource, openScopedDataSource } from '@atendo/core/db/data-source.js';
import { startTestApi, type TestApi } from './api.js';
import { sql } from './sql.js';

/** A seeded api and a second data source over its database, for data-layer tests. */
export interface DataLayerFixture {
  t: TestApi;
  ds: DataSource;
  /** The demo company's id (the platform company is 1). */
  demoId: number;
  close(): Promise<void>;
}

/**
 * Starts a seeded api and opens a data source over its database: `scoped` as the api runs (row-
 * level security applies), `unscoped` as the superuser, to whom it never applies (wall 1 alone).
 */
export async function dataLayerFixture(kind: 'scoped' | 'unscoped'): Promise<DataLayerFixture> {
  const t = await startTestApi();
  let ds: DataSource;
  if (kind === 'scoped') ds = await openScopedDataSource(t.databaseUrl);
  else {
    ds = createDataSource(t.databaseUrl);
    await ds.initialize();
  }
  const [demo] = await sql<{ companyId: number }>(
    t.databaseUrl,
    `SELECT "companyId" FROM users WHERE email = 'admin@demo.atendo.local'`,
  );
  return {
    t,
    ds,
    demoId: demo!.companyId,
    async close() {
      await ds.destroy();
      await t.close();
    },
  };
}
