import type { InboundMessage } from '@atendo/domain';
import {
  CAMPAIGN_QUERIES,
  CAMPAIGN_SIGNALS,
  CAMPAIGN_WORKFLOW,
  campaignWorkflowId,
  type CampaignDeliveryInput,
  type CampaignProgress,
} from '@atendo/domain/processes';
import { receiveMessage } from '@atendo/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_QUEUE } from '../shared.js';
import { startProcessHarness, type ProcessHarness } from '../testing/harness.js';
import {
  campaignStatus,
  createCampaign,
  saveSettings,
  seedCompany,
  shippingsOf,
  type CampaignFixture,
} from './fixtures.js';

/**
 * Campaign delivery on Temporal's time-skipping test server over real PostgreSQL: the sending
 * window and a weekend (days of timers in seconds), the confirmation flow through the inbound
 * pipeline, opt-out, cancel, and the resume step.
 */
let h: ProcessHarness;
beforeAll(async () => {
  h = await startProcessHarness({ timeSkipping: true });
  // The Java test server starts with time skipping unlocked: a first workflow would see its
  // task timeouts (and every pending timer, up to a run timeout years away) skipped while the
  // worker still works on it. Lock it, so time only skips inside result() and env.sleep().
  await h.env.connection.testService!.lockTimeSkipping({});
  // The worker's first workflow task loads the bundle (seconds on a busy machine): warm it up.
  const warm = await h.client.workflow.start(CAMPAIGN_WORKFLOW, {
    taskQueue: TASK_QUEUE,
    workflowId: 'campaign-warm-up',
    args: [{ companyId: 1, campaignId: 999_999 }],
  });
  await until(async () => (await warm.describe()).status.name === 'COMPLETED', 'the warm-up');
}, 180_000);
afterAll(async () => {
  await h?.stop();
});

const ALWAYS = { sabado: true, domingo: true, startHour: '00:00', endHour: '00:00' };
const NO_PAUSE = { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 };

function start(f: CampaignFixture, campaignId: number) {
  const input: CampaignDeliveryInput = { companyId: f.companyId, campaignId };
  return h.client.workflow.start(CAMPAIGN_WORKFLOW, {
    taskQueue: TASK_QUEUE,
    workflowId: campaignWorkflowId(campaignId),
    args: [input],
  });
}

/** Polls `check` (real time) until it holds. */
async function until(check: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The weekday and "HH:MM" of `at` in `timeZone`. */
function local(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return { weekday: get('weekday'), time: `${get('hour')}:${get('minute')}` };
}

/** The next Friday 15:00 in `timeZone` at least a day ahead (an offset without DST: fixed). */
function nextFriday15(timeZone: string, offsetHours: number): Date {
  const now = Date.now();
  for (let d = 1; d <= 8; d++) {
    const day = new Date(now + d * 86_400_000);
    if (local(day, timeZone).weekday !== 'Fri') continue;
    const ymd = day.toLocaleDateString('en-CA', { timeZone });
    return new Date(
      `${ymd}T15:00:00${offsetHours < 0 ? '-' : '+'}${String(Math.abs(offsetHours)).padStart(2, '0')}:00`,
    );
  }
  throw new Error('no Friday ahead');
}

const inbound = (from: string, body: string): InboundMessage =>
  ({
    type: 'message',
    wid: `R-${from}-${Math.random()}`,
    fromMe: false,
    contact: { number: from, name: 'Cliente' },
    kind: 'chat',
    body,
    isForwarded: false,
  }) as InboundMessage;

describe('campaign delivery', () => {
  it('sends 20 recipients across a weekend only inside the window, in the company time zone', async () => {
    const tz = 'America/Sao_Paulo'; // UTC-3 all year
    const f = await seedCompany(h.db.dataSource, { recipients: 20, timeZone: tz });
    await saveSettings(h.db.dataSource, f.companyId, {
      messageInterval: 3600,
      longerIntervalAfter: 5,
      greaterInterval: 7200,
      sabado: false,
      domingo: false,
      startHour: '09:00',
      endHour: '18:00',
      variables: [{ key: 'cupom', value: 'BF10' }],
    });
    const scheduledAt = nextFriday15(tz, -3);
    const id = await createCampaign(h.db.dataSource, f, { scheduledAt });
    const handle = await start(f, id);
    const result = (await handle.result()) as CampaignProgress;

    expect(result).toMatchObject({ status: 'FINALIZADA', total: 20, delivered: 20 });
    const rows = await shippingsOf(h.db.dataSource, id);
    expect(rows).toHaveLength(20);
    const days = new Set<string>();
    for (const r of rows) {
      expect(r.deliveredAt).not.toBeNull();
      const at = local(new Date(r.deliveredAt!), tz);
      expect(['Sat', 'Sun']).not.toContain(at.weekday);
      expect(at.time >= '09:00' && at.time < '18:00').toBe(true);
      expect(new Date(r.deliveredAt!).getTime()).toBeGreaterThanOrEqual(scheduledAt.getTime());
      days.add(at.weekday);
      // A random non-empty message with the recipient's and the custom variables.
      expect(r.message).toMatch(
        /^(Oi Cliente \d+, oferta para 55\d+!|Olá Cliente \d+ \(c\d+@x\.test\), temos BF10)$/,
      );
    }
    // Friday afternoon, then straight to Monday: the weekend in between stayed silent.
    expect(days.has('Fri') && days.has('Mon')).toBe(true);
    // Each recipient got its own message once; the invalid number nothing.
    const mine = h.sends.filter((s) => s.companyId === f.companyId);
    expect(mine).toHaveLength(20);
    expect(new Set(mine.map((s) => s.to.number)).size).toBe(20);
    expect(mine.some((s) => s.to.number === '5500000000000')).toBe(false);
    const status = await campaignStatus(h.db.dataSource, id);
    expect(status.status).toBe('FINALIZADA');
    expect(status.completedAt).not.toBeNull();
    // openTicket disabled: each ticket the campaign opened is closed again.
    const [open] = await h.db.dataSource.query(
      `SELECT count(*)::int AS n FROM tickets WHERE "companyId" = $1 AND status <> 'closed'`,
      [f.companyId],
    );
    expect(open.n).toBe(0);
  });

  it('asks for confirmation, sends the message after a reply, and opts out on SAIR', async () => {
    const f = await seedCompany(h.db.dataSource, { recipients: 3 });
    await saveSettings(h.db.dataSource, f.companyId, { ...NO_PAUSE, ...ALWAYS });
    const id = await createCampaign(h.db.dataSource, f, {
      confirmation: true,
      openTicket: 'enabled',
      statusTicket: 'pending',
    });
    const handle = await start(f, id);
    const mine = () => h.sends.filter((s) => s.companyId === f.companyId);
    await until(async () => mine().length === 3, 'three confirmation requests');
    expect(mine().every((s) => s.body.startsWith('Posso enviar a oferta, Cliente'))).toBe(true);
    const [first, second] = (await shippingsOf(h.db.dataSource, id)).map((r) => r.number);

    // Any reply confirms: the workflow is signalled and sends the campaign's message.
    await receiveMessage(
      h.ctx,
      { companyId: f.companyId, whatsappId: f.whatsappId },
      inbound(first!, 'pode sim'),
    );
    await until(async () => mine().length === 4, 'the confirmed recipient’s message');
    expect(mine()[3]!.to.number).toBe(first);
    expect(mine()[3]!.body).not.toMatch(/^Posso/);
    const progress = await handle.query<CampaignProgress>(CAMPAIGN_QUERIES.progress);
    expect(progress).toMatchObject({ confirmationRequested: 3, confirmed: 1, delivered: 1 });

    // SAIR opts the contact out: no confirmation, no bot answer, no campaign message.
    await receiveMessage(
      h.ctx,
      { companyId: f.companyId, whatsappId: f.whatsappId },
      inbound(second!, ' sair '),
    );
    const [contact] = await h.db.dataSource.query(
      `SELECT "campaignOptOut" FROM contacts WHERE "companyId" = $1 AND number = $2`,
      [f.companyId, second],
    );
    expect(contact.campaignOptOut).toBe(true);

    // The third never answers: after the 24-hour wait (skipped) the campaign finishes.
    const result = (await handle.result()) as CampaignProgress;
    expect(result).toMatchObject({ status: 'FINALIZADA', delivered: 1, confirmed: 1 });
    expect(mine()).toHaveLength(4);
    // The confirmed recipient's ticket was opened pending (openTicket enabled).
    const [ticket] = await h.db.dataSource.query(
      `SELECT t.status FROM tickets t JOIN contacts c ON c.id = t."contactId"
        WHERE t."companyId" = $1 AND c.number = $2 ORDER BY t.id DESC LIMIT 1`,
      [f.companyId, first],
    );
    expect(ticket.status).toBe('pending');

    // A later campaign leaves the opted-out number out.
    const next = await createCampaign(h.db.dataSource, f);
    await h.ctx.processes.start(CAMPAIGN_WORKFLOW, campaignWorkflowId(next), [
      { companyId: f.companyId, campaignId: next },
    ]);
    const again = (await h.client.workflow
      .getHandle(campaignWorkflowId(next))
      .result()) as CampaignProgress;
    expect(again).toMatchObject({ status: 'FINALIZADA', total: 2, delivered: 2 });
    expect(mine().filter((s) => s.to.number === second)).toHaveLength(1); // the first request only
  });

  it('stops sending once cancelled', async () => {
    const f = await seedCompany(h.db.dataSource, { recipients: 10 });
    await saveSettings(h.db.dataSource, f.companyId, {
      messageInterval: 60,
      longerIntervalAfter: 0,
      greaterInterval: 0,
      ...ALWAYS,
    });
    const id = await createCampaign(h.db.dataSource, f);
    const handle = await start(f, id);
    const mine = () => h.sends.filter((s) => s.companyId === f.companyId);
    await until(async () => mine().length >= 1, 'the first send');
    await h.env.sleep(130_000); // two more gaps
    await until(async () => mine().length >= 3, 'three sends');
    // As the api does: CANCELADA in the database, then the signal.
    await h.db.dataSource.query(`UPDATE campaigns SET status = 'CANCELADA' WHERE id = $1`, [id]);
    await h.ctx.processes.signal(campaignWorkflowId(id), CAMPAIGN_SIGNALS.cancel);
    const result = (await handle.result()) as CampaignProgress;
    expect(result.status).toBe('CANCELADA');
    const sentAtCancel = mine().length;
    expect(sentAtCancel).toBeLessThan(10);
    await h.env.sleep(600_000);
    expect(mine()).toHaveLength(sentAtCancel);
    const delivered = (await shippingsOf(h.db.dataSource, id)).filter((r) => r.deliveredAt);
    expect(delivered).toHaveLength(sentAtCancel);
  });

  it('holds a connection to its daily cap and sends the rest on the next days', async () => {
    const f = await seedCompany(h.db.dataSource, { recipients: 5, dailyLimit: 2 });
    await saveSettings(h.db.dataSource, f.companyId, { ...NO_PAUSE, ...ALWAYS });
    const id = await createCampaign(h.db.dataSource, f);
    const result = (await (await start(f, id)).result()) as CampaignProgress;
    expect(result).toMatchObject({ status: 'FINALIZADA', delivered: 5 });
    const perDay = new Map<string, number>();
    for (const r of await shippingsOf(h.db.dataSource, id)) {
      const day = new Date(r.deliveredAt!).toLocaleDateString('en-CA', {
        timeZone: 'America/Sao_Paulo',
      });
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    expect([...perDay.values()]).toEqual([2, 2, 1]);
  });

  it('resumes the campaigns the database says should run', async () => {
    const f = await seedCompany(h.db.dataSource, { recipients: 2 });
    await saveSettings(h.db.dataSource, f.companyId, { ...NO_PAUSE, ...ALWAYS });
    const id = await createCampaign(h.db.dataSource, f);
    await h.resume();
    const result = (await h.client.workflow
      .getHandle(campaignWorkflowId(id))
      .result()) as CampaignProgress;
    expect(result).toMatchObject({ status: 'FINALIZADA', delivered: 2 });
  });
});
