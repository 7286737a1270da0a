import {
  CAMPAIGN_WORKFLOW,
  campaignWorkflowId,
  type CampaignDeliveryInput,
  type CampaignProgress,
} from '@atendo/domain/processes';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TASK_QUEUE } from '../shared.js';
import { startChildWorkers, type ChildWorkers } from '../testing/child-workers.js';
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

let w: ChildWorkers;

beforeAll(async () => {
  w = await startChildWorkers();
}, 180_000);
afterAll(async () => {
  await w?.stop();
});

it('sends nothing twice and skips nobody when the worker is killed mid-campaign', async () => {
  const f = await seedCompany(w.db.dataSource, { recipients: RECIPIENTS });
  await saveSettings(w.db.dataSource, f.companyId, {
    messageInterval: 0,
    longerIntervalAfter: 0,
    greaterInterval: 0,
    sabado: true,
    domingo: true,
    startHour: '00:00',
    endHour: '00:00',
  });
  const id = await createCampaign(w.db.dataSource, f);
  const first = await w.start({ HANG_AT: String(KILL_AFTER) });
  const input: CampaignDeliveryInput = { companyId: f.companyId, campaignId: id };
  const handle = await w.client.workflow.start(CAMPAIGN_WORKFLOW, {
    taskQueue: TASK_QUEUE,
    workflowId: campaignWorkflowId(id),
    args: [input],
  });
  const deadline = Date.now() + 60_000;
  while (w.sends().length < KILL_AFTER) {
    if (Date.now() > deadline) throw new Error('the first worker never reached its hang');
    await new Promise((r) => setTimeout(r, 100));
  }
  await w.kill(first);
  expect((await shippingsOf(w.db.dataSource, id)).filter((r) => r.deliveredAt).length).toBe(
    KILL_AFTER - 1,
  );

  const second = await w.start();
  const result = (await handle.result()) as CampaignProgress;
  second.kill('SIGTERM');
  expect(result).toMatchObject({ status: 'FINALIZADA', total: RECIPIENTS, delivered: RECIPIENTS });
  expect((await campaignStatus(w.db.dataSource, id)).status).toBe('FINALIZADA');

  const rows = await shippingsOf(w.db.dataSource, id);
  expect(rows).toHaveLength(RECIPIENTS);
  expect(rows.every((r) => r.deliveredAt && r.jobId)).toBe(true);
  expect(new Set(rows.map((r) => r.number)).size).toBe(RECIPIENTS);
  // What reached "the customers": each number exactly one distinct message id, its shipping's.
  const idsByNumber = new Map<string, Set<string>>();
  for (const { messageId, number } of w.sends())
    idsByNumber.set(number, (idsByNumber.get(number) ?? new Set()).add(messageId));
  expect(idsByNumber.size).toBe(RECIPIENTS);
  for (const r of rows) expect([...idsByNumber.get(r.number)!]).toEqual([r.jobId]);
  // The hung send was handed to the channel again after the restart, with the same id.
  expect(w.sends().length).toBe(RECIPIENTS + 1);
}, 150_000);
