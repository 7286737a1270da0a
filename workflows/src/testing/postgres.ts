import type { DataSource } from 'typeorm';
import { createDataSource, openScopedDataSource } from '@atendo/core';
import { startTestPostgres } from '@atendo/testing/postgres';

/** A real, migrated PostgreSQL database for one test file. */
export interface TestDatabase {
  url: string;
  /** The migrating (owner) role's data source: for the test's own setup and inspection. */
  dataSource: DataSource;
  /** The data source the worker runs on: row-level security applies, as in production. */
  scoped: DataSource;
  stop(): Promise<void>;
}

/** Starts an embedded PostgreSQL in a temp dir, runs every migration, and opens data sources. */
export async function startTestDatabase(): Promise<TestDatabase> {
  const db = await startTestPostgres({ database: 'atendo' });
  const url = db.url('atendo');
  const dataSource = createDataSource(url);
  let scoped: DataSource;
  try {
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
    scoped = await openScopedDataSource(url);
  } catch (error) {
    if (dataSource.isInitialized) await dataSource.destroy();
    await db.stop();
    throw error;
  }
  return {
    url,
    dataSource,
    scoped,
    stop: async () => {
      if (scoped.isInitialized) await scoped.destroy();
      if (dataSource.isInitialized) await dataSource.destroy();
      await db.stop();
    },
  };
}
