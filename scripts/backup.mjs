#!/usr/bin/env node
// `npm run backup [-- --out <file>]`: one archive of the database and the uploads, its path
// printed on stdout; `npm run restore <archive>` (scripts/restore.mjs) brings a stopped platform
// back to it. Installs node_modules first when needed (a fresh machine restoring), then runs
// packages/core/src/db/backup/cli.ts. See docs/operations.md#backups.

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNodeModules, ROOT } from './setup.mjs';

/** Runs one command of the backup CLI with this process's arguments; exits with its status. */
export function runBackupCli(command) {
  ensureNodeModules();
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'packages/core/src/db/backup/cli.ts', command, ...process.argv.slice(2)],
    { cwd: ROOT, stdio: 'inherit' },
  );
  process.exit(result.status ?? 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runBackupCli('backup');
}
