import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InboundEvent, InboundMessage } from '@atendo/domain';
import { createApiClient } from '@atendo/api-client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '@atendo/core/config.js';
import { createBackup } from '@atendo/core/db/backup/backup.js';
import { applicationSequences, applicationTables, ident } from '@atendo/core/db/backup/manifest.js';
import {
  RestoreRefused,
  restoreBackup,
  type RestoreTargets,
} from '@atendo/core/db/backup/restore.js';
import { createLogger } from '@atendo/core/logger.js';
import { receiveInbound } from '@atendo/core/modules/inbound/receive-inbound.js';
import { privateUploadDir } from '@atendo/core/modules/uploads/private-uploads.js';
import { startApi, type RunningApi } from '../src/server.js';
import { DEMO_ADMIN, startTestApi, type TestApi } from './support/api.js';
import { sql } from './support/sql.js';
import { PNG_1X1 } from './support/upload.js';

/**
 * `npm run backup` / `npm run restore` (docs/operations.md#backups): a company with tickets,
 * messages, a media file and settings goes into an archive; what changes afterwards is undone by
 * a restore, table by table and byte by byte, and the api serves the restored data.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
let t: TestApi;
let restored: RunningApi | undefined;
let work: string;
let companyId = 0;
let whatsappId = 0;
let mediaUrl = '';
const ticketIds: number[] = [];
let targets: RestoreTargets;
let archive: string;
let seq = 0;

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  sql<T>(t.databaseUrl, text, params);
const contact = () => ({
  number: `55119880${String(++seq).padStart(5, '0')}`,
  name: `Cliente ${seq}`,
});
const message = (body: string, extra: Partial<InboundMessage> = {}): InboundEvent => ({
  type: 'message',
  wid: `BK${++seq}-${Date.now()}`,
  fromMe: false,
  contact: contact(),
  kind: 'chat',
  body,
  isForwarded: false,
  ...extra,
});

/** Every application table's row count and a hash of its ordered rows, plus the sequences. */
async function digest(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const tables: Record<string, string> = {};
    for (const { name } of await applicationTables(c)) {
      const { rows } = await c.query<{ n: number; h: string }>(
        `SELECT count(*)::int AS n, md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '')) AS h
           FROM public.${ident(name)} x`,
      );
      tables[name] = `${rows[0]!.n} ${rows[0]!.h}`;
    }
    const sequences: Record<string, string> = {};
    for (const name of await applicationSequences(c)) {
      const { rows } = await c.query<{ v: string }>(
        `SELECT last_value || ' ' || is_called AS v FROM public.${ident(name)}`,
      );
      sequences[name] = rows[0]!.v;
    }
    const migrations = (await c.query<{ name: string }>('SELECT name FROM migrations ORDER BY id'))
      .rows;
    return { tables, sequences, migrations: migrations.map((m) => m.name) };
  } finally {
    await c.end();
  }
}

/** Every file under `dir` (relative path → sha256 of its bytes). */
function files(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, full)] = createHash('sha256')
      .update(fs.readFileSync(full))
      .digest('hex');
  }
  return out;
}

async function adminDb<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: `${inject('pgBaseUrl')}postgres` });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const dbName = (url: string) => new URL(url).pathname.slice(1);

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'atendo-backup-test-'));
  t = await startTestApi();
  const admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  companyId = admin.user.companyId;
  const [wa] = await q<{ id: number }>(
    `INSERT INTO whatsapps ("companyId", name, status) VALUES ($1, 'Loja', 'CONNECTED') RETURNING id`,
    [companyId],
  );
  whatsappId = wa!.id;
  const receive = (e: InboundEvent, media?: Parameters<typeof receiveInbound>[3]) =>
    receiveInbound(t.api.ctx, { companyId, whatsappId }, e, media);
  for (const body of ['Olá, meu pedido atrasou', 'Quero trocar um produto']) {
    const from = contact();
    const r = await receive(message(body, { contact: from }));
    await receive(message('mais um detalhe', { contact: from }));
    ticketIds.push(r.ticketId!);
  }
  const media = await receive(
    message('', { kind: 'image', media: { mimetype: 'image/png', fileName: 'nota.png' } }),
    { data: PNG_1X1, mimetype: 'image/png', fileName: 'nota.png' },
  );
  ticketIds.push(media.ticketId!);
  [{ mediaUrl }] = await q<{ mediaUrl: string }>(`SELECT "mediaUrl" FROM messages WHERE id = $1`, [
    media.messageId,
  ]);
  await admin.call('settingsUpdate', { params: { key: 'userRating' }, body: { value: 'enabled' } });
  targets = {
    databaseUrl: t.databaseUrl,
    uploadDir: t.api.ctx.config.UPLOAD_DIR,
    privateUploadDir: privateUploadDir(t.api.ctx),
    jwtSecretFile: path.join(work, 'jwt-secret'),
    asideDir: path.join(work, 'before-restore'),
  };
  fs.writeFileSync(targets.jwtSecretFile!, 'the-secret-at-backup-time');
}, 120_000);

afterAll(async () => {
  await restored?.close();
  await t?.api.close().catch(() => {});
  if (t)
    await adminDb(async (c) => {
      for (const suffix of ['', '_before_restore', '_restoring', '_fresh'])
        await c.query(
          `DROP DATABASE IF EXISTS ${ident(dbName(t.databaseUrl) + suffix)} WITH (FORCE)`,
        );
    });
  fs.rmSync(work, { recursive: true, force: true });
});

describe('backup and restore', () => {
  let before: Awaited<ReturnType<typeof digest>>;
  let mediaBefore: Record<string, string>;

  it('restore refuses while the platform is connected to the database, and changes nothing', async () => {
    archive = path.join(work, 'while-running.tar.gz');
    // Taken while the api runs: one snapshot, no lock on writers.
    const manifest = await createBackup(targets, archive);
    expect(manifest.tables.find((x) => x.name === 'tickets')?.rows).toBeGreaterThanOrEqual(3);
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    const err = await restoreBackup(archive, targets).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RestoreRefused);
    expect((err as Error).message).toMatch(/is in use .*Stop Atendo/);
    const [setting] = await q<{ value: string }>(
      `SELECT value FROM settings WHERE "companyId" = $1 AND key = 'userRating'`,
      [companyId],
    );
    expect(setting!.value).toBe('enabled');
  });

  it('brings back every row, sequence, upload and the secret after they changed', async () => {
    await t.api.close();
    before = await digest(t.databaseUrl);
    mediaBefore = files(targets.privateUploadDir);
    expect(Object.keys(mediaBefore)).toHaveLength(1);
    expect(before.tables['tickets']).toMatch(/^3 /);
    archive = path.join(work, 'atendo-backup.tar.gz');
    await createBackup(targets, archive);

    // Afterwards: a ticket and its messages deleted, a setting changed, ids drawn, the media
    // file lost and another one added, a new secret.
    await q(`DELETE FROM messages WHERE "ticketId" = $1`, [ticketIds[0]]);
    await q(`DELETE FROM tickets WHERE id = $1`, [ticketIds[0]]);
    await q(
      `UPDATE settings SET value = 'disabled' WHERE "companyId" = $1 AND key = 'userRating'`,
      [companyId],
    );
    await q(`SELECT nextval('tickets_id_seq') FROM generate_series(1, 5)`);
    const [mediaFile] = Object.keys(mediaBefore);
    fs.rmSync(path.join(targets.privateUploadDir, mediaFile!));
    fs.writeFileSync(path.join(targets.privateUploadDir, 'stray.bin'), 'after the backup');
    fs.writeFileSync(targets.jwtSecretFile!, 'a-later-secret');
    expect(await digest(t.databaseUrl)).not.toEqual(before);

    const result = await restoreBackup(archive, targets);
    expect(result.previousDatabase).toBe(`${dbName(t.databaseUrl)}_before_restore`);

    const after = await digest(t.databaseUrl);
    expect(after.migrations).toEqual(before.migrations);
    expect(after.sequences).toEqual(before.sequences);
    for (const [table, value] of Object.entries(before.tables))
      expect({ table, value: after.tables[table] }).toEqual({ table, value });
    expect(Object.keys(after.tables).sort()).toEqual(Object.keys(before.tables).sort());
    expect(files(targets.privateUploadDir)).toEqual(mediaBefore);
    expect(fs.readFileSync(targets.jwtSecretFile!, 'utf8')).toBe('the-secret-at-backup-time');
    // What the restore replaced is kept aside, not deleted.
    expect(fs.readFileSync(path.join(targets.asideDir, 'jwt-secret'), 'utf8')).toBe(
      'a-later-secret',
    );
    expect(fs.existsSync(path.join(targets.asideDir, 'private', 'stray.bin'))).toBe(true);
  }, 120_000);

  it('the api serves the restored data and takes new tickets on top of it', async () => {
    restored = await startApi({
      config: loadConfig({
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        UPLOAD_DIR: targets.uploadDir,
        DATA_DIR: work,
        LOG_LEVEL: 'silent',
        SESSION_RUNTIME: 'none',
      }),
      databaseUrl: t.databaseUrl,
      jwtSecret: 'test-secret-that-is-long-enough',
      logger: createLogger('silent'),
      seedDemo: 'accounts',
    });
    let token: string | undefined;
    const client = createApiClient({
      baseUrl: restored.url,
      getToken: () => token,
      setToken: (v) => (token = v),
    });
    token = (await client.call('login', { body: DEMO_ADMIN })).token;
    const list = await client.call('ticketsIndex', { query: { status: 'pending', showAll: true } });
    expect(list.tickets.map((x) => x.id).sort()).toEqual([...ticketIds].sort());
    const media = await fetch(`${restored.url}${mediaUrl}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(media.status).toBe(200);
    expect(Buffer.from(await media.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    // The sequences continue where the backup left them: no id the restored rows hold is reused.
    const next = await receiveInbound(restored.ctx, { companyId, whatsappId }, message('novo'));
    expect(next.ticketId).toBeGreaterThan(Math.max(...ticketIds));
  }, 120_000);

  it('the commands: backup prints the archive, restore refuses while the api answers', () => {
    const env = {
      ...process.env,
      DATABASE_URL: t.databaseUrl,
      UPLOAD_DIR: targets.uploadDir,
      DATA_DIR: work,
      PORT: String(new URL(restored!.url).port),
      INIT_CWD: work,
    };
    const cli = (...args: string[]) =>
      spawnSync(
        process.execPath,
        ['--import', 'tsx', 'packages/core/src/db/backup/cli.ts', ...args],
        {
          cwd: ROOT,
          env,
          encoding: 'utf8',
        },
      );
    const backup = cli('backup', '--out', 'by-cli.tar.gz');
    expect(backup.stderr).toMatch(/tables and the uploads written/);
    expect(backup.status).toBe(0);
    expect(backup.stdout.trim()).toBe(path.join(work, 'by-cli.tar.gz'));
    expect(fs.existsSync(path.join(work, 'by-cli.tar.gz'))).toBe(true);
    const restore = cli('restore', 'by-cli.tar.gz');
    expect(restore.status).toBe(2);
    expect(restore.stderr).toMatch(/stop Atendo before restoring/);
  }, 60_000);

  it('restore refuses an archive from a newer schema and creates nothing', async () => {
    await q(
      `INSERT INTO migrations ("timestamp", name) VALUES (9999999999999, 'Future9999999999999')`,
    );
    const newer = path.join(work, 'newer.tar.gz');
    try {
      await createBackup(targets, newer);
    } finally {
      await q(`DELETE FROM migrations WHERE name = 'Future9999999999999'`);
    }
    const fresh = new URL(t.databaseUrl);
    fresh.pathname = `/${dbName(t.databaseUrl)}_fresh`;
    const err = await restoreBackup(newer, { ...targets, databaseUrl: fresh.toString() }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RestoreRefused);
    expect((err as Error).message).toMatch(/newer Atendo.*Future9999999999999/);
    const created = await adminDb((c) =>
      c.query('SELECT 1 FROM pg_database WHERE datname = $1', [`${dbName(t.databaseUrl)}_fresh`]),
    );
    expect(created.rowCount).toBe(0);
  });
});
