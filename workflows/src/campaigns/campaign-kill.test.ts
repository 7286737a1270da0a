import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import { bundleWorkflowCode } from '@temporalio/worker';
import {
  CAMPAIGN_WORKFLOW,
  campaignWorkflowId,
  type CampaignDeliveryInput,
  type CampaignProgress,
} from '@atendo/domain/processes';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TASK_QUEUE } from '../shared.js';
import { startTestDatabase, type TestDatabase } from '../testing/postgres.js';
import { startTemporalDevServer, type TemporalDevServer } from '../testing/temporal-dev-server.js';
import {
  campaignStatus,
  createCampaign,
  saveSettings,
  seedCompany,
  shippingsOf,
} from './fixtures.js';

/**
 * A worker killed mid-campaign (SIGKILL, right after the channel took a message and before its
 * shipping was marked delivered), then a new worker: every recipient ends with exactly one
 * delivered shipping and received exactly one message id (a retry resends the same id).
 */
const RECIPIENTS = 120;
const KILL_AFTER = 40;

let db: TestDatabase;
let server: TemporalDevServer;
let connection: Connection;
let client: Client;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atendo-campaign-kill-'));
const bundlePath = path.join(dir, 'workflows.js');
const sendsFile = path.join(dir, 'sends.txt');
const children: ChildProcess[] = [];

beforeAll(async () => {
  const bundle = bundleWorkflowCode({
    workflowsPath: fileURLToPath(new URL('../workflows.ts', import.meta.url)),
    logger: { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} },
  });
  [db, server] = await Promise.all([startTestDatabase(), startTemporalDevServer()]);
  fs.writeFileSync(bundlePath, (await bundle).code);
  connection = await Connection.connect({ address: server.address });
  client = new Client({ connection });
}, 180_000);
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await connection?.close();
  await server?.stop();
  await db?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A worker in its own process; resolves once it polls. */
async function startWorker(env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = fork(
    fileURLToPath(new URL('../testing/campaign-worker-child.ts', import.meta.url)),
    {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        SESSION_RUNTIME: 'none',
        DATA_DIR: dir,
        UPLOAD_DIR: path.join(dir, 'public'),
        DATABASE_URL: db.url,
        TEMPORAL_ADDRESS: server.address,
        WORKFLOW_BUNDLE: bundlePath,
        SENDS_FILE: sendsFile,
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
  return child;
}

const sendLines = () =>
  fs.existsSync(sendsFile)
    ? fs
        .readFileSync(sendsFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split(' ') as [string, string])
    : [];

it('sends nothing twice and skips nobody when the worker is killed mid-campaign', async () => {
  const f = await seedCompany(db.dataSource, { recipients: RECIPIENTS });
  await saveSettings(db.dataSource, f.companyId, {
    messageInterval: 0,
    longerIntervalAfter: 0,
    greaterInterval: 0,
    sabado: true,
    domingo: true,
    startHour: '00:00',
    endHour: '00:00',
  });
  const id = await createCampaign(db.dataSource, f);
  const first = await startWorker({ HANG_AT: String(KILL_AFTER) });
  const input: CampaignDeliveryInput = { companyId: f.companyId, campaignId: id };
  const handle = await client.workflow.start(CAMPAIGN_WORKFLOW, {
    taskQueue: TASK_QUEUE,
    workflowId: campaignWorkflowId(id),
    args: [input],
  });
  const deadline = Date.now() + 60_000;
  while (sendLines().length < KILL_AFTER) {
    if (Date.now() > deadline) throw new Error('the first worker never reached its hang');
    await new Promise((r) => setTimeout(r, 100));
  }
  const died = new Promise((r) => first.once('exit', r));
  first.kill('SIGKILL');
  await died;
  expect((await shippingsOf(db.dataSource, id)).filter((r) => r.deliveredAt).length).toBe(
    KILL_AFTER - 1,
  );

  const second = await startWorker();
  const result = (await handle.result()) as CampaignProgress;
  second.kill('SIGTERM');
  expect(result).toMatchObject({ status: 'FINALIZADA', total: RECIPIENTS, delivered: RECIPIENTS });
  expect((await campaignStatus(db.dataSource, id)).status).toBe('FINALIZADA');

  const rows = await shippingsOf(db.dataSource, id);
  expect(rows).toHaveLength(RECIPIENTS);
  expect(rows.every((r) => r.deliveredAt && r.jobId)).toBe(true);
  expect(new Set(rows.map((r) => r.number)).size).toBe(RECIPIENTS);
  // What reached "the customers": each number exactly one distinct message id, its shipping's.
  const idsByNumber = new Map<string, Set<string>>();
  for (const [messageId, number] of sendLines())
    idsByNumber.set(number, (idsByNumber.get(number) ?? new Set()).add(messageId));
  expect(idsByNumber.size).toBe(RECIPIENTS);
  for (const r of rows) expect([...idsByNumber.get(r.number)!]).toEqual([r.jobId]);
  // The hung send was handed to the channel again after the restart, with the same id.
  expect(sendLines().length).toBe(RECIPIENTS + 1);
}, 150_000);
