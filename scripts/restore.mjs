#!/usr/bin/env node
// `npm run restore <archive>`: brings a stopped platform back to a backup's state (see
// scripts/backup.mjs and docs/operations.md#backups).

import { runBackupCli } from './backup.mjs';

runBackupCli('restore');
