import {
  CAMPAIGN_WORKFLOW,
  campaignWorkflowId,
  SCHEDULE_WORKFLOW,
  scheduleWorkflowId,
} from '@atendo/domain/processes';
import {
  createCampaign,
  createLogger,
  createSchedule,
  TemporalProcessGateway,
  type AppContext,
} from '@atendo/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { campaignStatus, saveSettings, seedCompany } from '../campaigns/fixtures.js';
import { scheduleRow, seedScheduleCompany } from '../schedules/fixtures.js';
import { startProcessHarness, type ProcessHarness } from './harness.js';

/**
 * Temporal down while a campaign and a scheduled message are created through the api's use
 * cases: the writes succeed (the api's gateway answers false), and once Temporal is back the
 * worker that kept running starts each process exactly once from its periodic resume pass
 * (docs/operations.md#durable-processes).
 */
const RECIPIENTS = 3;
let h: ProcessHarness;
/** The api's own gateway: a separate connection, made lazily, as the api process has. */
let api: AppContext;

beforeAll(async () => {
  h = await startProcessHarness({ restartableTemporal: true, resumeIntervalMs: 1_000 });
  api = {
    ...h.ctx,
    processes: new TemporalProcessGateway({
      address: h.env.address,
      namespace: 'default',
      logger: createLogger('silent'),
    }),
  };
}, 180_000);
afterAll(async () => {
  await api?.processes.close();
  await h?.stop();
});

async function until(check: () => Promise<boolean>, what: string, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Every run Temporal recorded under a workflow id (a second start would be a second run). */
async function runsOf(workflowId: string): Promise<{ type: string; status: string }[]> {
  const out: { type: string; status: string }[] = [];
  for await (const w of h.client.workflow.list({ query: `WorkflowId = '${workflowId}'` }))
    out.push({ type: w.type, status: w.status.name });
  return out;
}

/** A plan with schedules and campaigns for the companies, as the use cases require. */
async function grantPlan(...companyIds: number[]): Promise<void> {
  const [plan] = await h.db.dataSource.query(
    `INSERT INTO plans (name, amount, "useSchedules", "useCampaigns")
     VALUES ('Outage', 0, true, true) RETURNING id`,
  );
  await h.db.dataSource.query(`UPDATE companies SET "planId" = $2 WHERE id = ANY($1)`, [
    companyIds,
    plan.id,
  ]);
}

const admin = (companyId: number, userId: number) => ({
  userId,
  companyId,
  profile: 'admin' as const,
  super: false,
  tokenVersion: 0,
});

it('starts what was created while Temporal was down once it is back, exactly once each', async () => {
  const s = await seedScheduleCompany(h.db.dataSource);
  const c = await seedCompany(h.db.dataSource, { recipients: RECIPIENTS });
  await grantPlan(s.companyId, c.companyId);
  await saveSettings(h.db.dataSource, c.companyId, {
    messageInterval: 0,
    longerIntervalAfter: 0,
    greaterInterval: 0,
    sabado: true,
    domingo: true,
    startHour: '00:00',
    endHour: '00:00',
  });
  const [user] = await h.db.dataSource.query(
    `INSERT INTO users ("companyId", name, email, "passwordHash", profile)
     VALUES ($1, 'Bia', $2, 'x', 'admin') RETURNING id`,
    [c.companyId, `bia-${Date.now()}@x.test`],
  );

  await h.stopTemporal();
  const schedule = await createSchedule(api, {
    auth: admin(s.companyId, s.userId),
    input: {
      body: 'Sua consulta é amanhã',
      contactId: s.contactId,
      sendAt: new Date().toISOString(),
    },
  });
  const campaign = await createCampaign(api, {
    auth: admin(c.companyId, Number(user.id)),
    input: {
      name: 'Outage',
      message1: 'Oi {nome}',
      scheduledAt: new Date(),
      contactListId: c.contactListId,
      whatsappId: c.whatsappId,
    },
  });
  // The writes stand while nothing can start: the rows wait for Temporal.
  expect(await scheduleRow(h.db.dataSource, schedule.id)).toMatchObject({
    status: 'PENDENTE',
    sentCount: 0,
  });
  expect((await campaignStatus(h.db.dataSource, campaign.id)).status).toBe('PROGRAMADA');
  expect(h.sends).toHaveLength(0);

  await h.startTemporal();
  await until(
    async () => (await scheduleRow(h.db.dataSource, schedule.id)).status === 'ENVIADA',
    'the schedule to be sent',
  );
  await until(
    async () => (await campaignStatus(h.db.dataSource, campaign.id)).status === 'FINALIZADA',
    'the campaign to finish',
  );
  // Further passes find nothing to do: the rows are done, their workflows closed.
  await h.resumeLoop!.runNow();
  await h.resumeLoop!.runNow();

  // Visibility lags the history a little: wait for the closes, then count the runs.
  const closed = async (id: string) => (await runsOf(id)).every((r) => r.status !== 'RUNNING');
  await until(() => closed(scheduleWorkflowId(schedule.id)), 'the schedule run to close');
  await until(() => closed(campaignWorkflowId(campaign.id)), 'the campaign run to close');
  expect(await runsOf(scheduleWorkflowId(schedule.id))).toEqual([
    { type: SCHEDULE_WORKFLOW, status: 'COMPLETED' },
  ]);
  expect(await runsOf(campaignWorkflowId(campaign.id))).toEqual([
    { type: CAMPAIGN_WORKFLOW, status: 'COMPLETED' },
  ]);
  // One stored message per send (the channel below also drops a repeated message id).
  const stored = async (companyId: number) =>
    (
      await h.db.dataSource.query(
        `SELECT count(*)::int AS n FROM messages WHERE "companyId" = $1 AND "fromMe"`,
        [companyId],
      )
    )[0].n as number;
  expect(await stored(s.companyId)).toBe(1);
  expect(await stored(c.companyId)).toBe(RECIPIENTS);
  const toSchedule = h.sends.filter((m) => m.companyId === s.companyId);
  expect(toSchedule.map((m) => m.body)).toEqual(['Sua consulta é amanhã']);
  const toCampaign = h.sends.filter((m) => m.companyId === c.companyId);
  expect(toCampaign).toHaveLength(RECIPIENTS);
  expect(new Set(toCampaign.map((m) => m.to.number)).size).toBe(RECIPIENTS);
}, 240_000);
