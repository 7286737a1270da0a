import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../../../api/src/db/data-source.js';
import { freePort, startEmbeddedPostgres } from '../../../api/src/db/embedded.js';

/** A real, migrated PostgreSQL database for one test file. */
export interface TestDatabase {
  url: string;
  dataSource: DataSource;
  stop(): Promise<void>;
}

/** Starts an embedded PostgreSQL in a temp dir, runs every migration, and opens a data source. */
export async function startTestDatabase(): Promise<TestDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atendo-workflows-pg-'));
  // PostgreSQL runs as the postgres user when we are root; it must reach the data dir.
  fs.chmodSync(dir, 0o755);
  const db = await startEmbeddedPostgres({
    dir: path.join(dir, 'data'),
    port: await freePort(),
    database: 'atendo',
  });
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
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
