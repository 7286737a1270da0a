import type { DataSource } from 'typeorm';
import { createDataSource } from '@atendo/api/db/data-source';
import { startTestPostgres } from '@atendo/testing/postgres';

/** A real, migrated PostgreSQL database for one test file. */
export interface TestDatabase {
  url: string;
  dataSource: DataSource;
  stop(): Promise<void>;
}

/** Starts an embedded PostgreSQL in a temp dir, runs every migration, and opens a data source. */
export async function startTestDatabase(): Promise<TestDatabase> {
  const db = await startTestPostgres({ database: 'atendo' });
  const url = db.url('atendo');
  const dataSource = createDataSource(url);
  try {
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
  } catch (error) {
    await db.stop();
    throw error;
  }
  return {
    url,
    dataSource,
    stop: async () => {
      if (dataSource.isInitialized) await dataSource.destroy();
      await db.stop();
    },
  };
}
