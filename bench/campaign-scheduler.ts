/**
 * Campaign delivery's cost on Temporal (issue 9): a campaign of 10,000 recipients with zero
 * intervals, delivered by the real workflow and activities on a worker in this process (the
 * workflows' test harness: real PostgreSQL, the Temporal dev server, the recording local
 * channel), then the same sends driven directly through the business core's step without
 * Temporal, on a campaign of the same size unless told otherwise. Prints:
 *
 * - worker CPU ms per recipient (process.cpuUsage around the run: the business core's sends,
 *   the activities and the workflow threads),
 * - the business core alone (the direct run, same size by default), and the scheduler's
 *   overhead per send (issue 9's target, ≤ 5 ms): the worker's CPU beyond the business core,
 *   plus the Temporal server's own CPU during the run (read from /proc),
 * - Temporal history (events and bytes) per 1,000 recipients, summed over every run of the
 *   workflow id (continue-as-new starts a new run every 500 sends).
 *
 * Figures only; nothing is asserted.
 * Run: npm run bench:campaign   (BENCH_RECIPIENTS=10000, BENCH_DIRECT=10000 to change the sizes)
 */
import fs from 'node:fs';
import { CAMPAIGN_WORKFLOW, campaignWorkflowId } from '@atendo/domain/processes';
import { deliverCampaignStep, beginCampaignDelivery } from '@atendo/core';
// The workflows' own harness (a worker over real services); the workflows package exports no
// such internals, hence the relative import.
import { startProcessHarness } from '../workflows/src/testing/harness.js';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const DIRECT = Number(process.env.BENCH_DIRECT ?? RECIPIENTS);
const TASK_QUEUE = 'atendo-main';

const h = await startProcessHarness();
const ds = h.db.dataSource;

/** A company with a CONNECTED connection, always-open zero-interval settings and a campaign. */
async function seed(recipients: number): Promise<{ companyId: number; campaignId: number }> {
  const [c] = await ds.query(`INSERT INTO companies (name) VALUES ($1) RETURNING id`, [
    `Bench ${recipients} ${Date.now()}`,
  ]);
  const companyId = Number(c.id);
  const [w] = await ds.query(
    `INSERT INTO whatsapps ("companyId", name, status) VALUES ($1, 'Bench', 'CONNECTED') RETURNING id`,
    [companyId],
  );
  const [l] = await ds.query(
    `INSERT INTO contact_lists ("companyId", name) VALUES ($1, 'Bench') RETURNING id`,
    [companyId],
  );
  await ds.query(
    `INSERT INTO contact_list_items ("companyId", "contactListId", name, number, email, "isWhatsappValid")
     SELECT $1, $2, 'Cliente ' || n, '5511' || $3::text || lpad(n::text, 6, '0'), NULL, true
       FROM generate_series(1, $4::int) n`,
    [companyId, l.id, String((companyId % 90) + 10), recipients],
  );
  const settings = {
    messageInterval: 0,
    longerIntervalAfter: 0,
    greaterInterval: 0,
    sabado: true,
    domingo: true,
    startHour: '00:00',
    endHour: '00:00',
  };
  for (const [key, value] of Object.entries(settings))
    await ds.query(`INSERT INTO campaign_settings ("companyId", key, value) VALUES ($1, $2, $3)`, [
      companyId,
      key,
      JSON.stringify(value),
    ]);
  const [camp] = await ds.query(
    `INSERT INTO campaigns ("companyId", name, status, message1, message2, "scheduledAt",
                            "contactListId", "whatsappId")
     VALUES ($1, 'Bench', 'PROGRAMADA', 'Oi {nome}!', 'Olá {nome}, oferta para {numero}', now(), $2, $3)
     RETURNING id`,
    [companyId, l.id, w.id],
  );
  return { companyId, campaignId: Number(camp.id) };
}

const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;

/** CPU ms (user + system) of this process's `temporal` children: the dev server. */
function temporalServerCpuMs(): number {
  const tickMs = 1000 / 100; // USER_HZ is 100 on Linux
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    // pid (comm) state ppid … utime(14) stime(15): fields after the parenthesised name.
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    if (comm !== 'temporal' || Number(fields[1]) !== process.pid) continue;
    total += (Number(fields[11]) + Number(fields[12])) * tickMs;
  }
  return total;
}
const fmt = (n: number, d = 2) => n.toFixed(d);

try {
  // Through Temporal: the workflow, its activities and their pushes, all in this process.
  const viaTemporal = await seed(RECIPIENTS);
  const workflowId = campaignWorkflowId(viaTemporal.campaignId);
  const cpu0 = process.cpuUsage();
  const server0 = temporalServerCpuMs();
  const t0 = Date.now();
  const handle = await h.client.workflow.start(CAMPAIGN_WORKFLOW, {
    taskQueue: TASK_QUEUE,
    workflowId,
    args: [viaTemporal],
  });
  const result = (await handle.result()) as { status: string; delivered: number };
  const wall = Date.now() - t0;
  const cpu = cpuMs(process.cpuUsage(cpu0));
  const serverCpu = temporalServerCpuMs() - server0;

  let events = 0;
  let bytes = 0;
  let runs = 0;
  for await (const run of h.client.workflow.list({ query: `WorkflowId = '${workflowId}'` })) {
    runs++;
    events += run.historyLength;
    bytes += run.historySize ?? 0;
  }

  // The same sends without Temporal: the business core's step in a loop.
  const direct = await seed(DIRECT);
  const dcpu0 = process.cpuUsage();
  await beginCampaignDelivery(h.ctx, direct);
  let sent = 0;
  for (;;) {
    const step = await deliverCampaignStep(h.ctx, { ...direct, sent, now: Date.now() });
    if (step.kind !== 'sent') break;
    sent = step.sent;
  }
  const dcpu = cpuMs(process.cpuUsage(dcpu0));

  const perRecipient = cpu / RECIPIENTS;
  const corePerRecipient = dcpu / DIRECT;
  const serverPerRecipient = serverCpu / RECIPIENTS;
  console.log(
    `campaign delivery, ${RECIPIENTS} recipients, zero intervals: ${result.status}, ${result.delivered} delivered in ${fmt(wall / 1000, 1)} s`,
  );
  console.log(
    `  worker CPU per recipient         ${fmt(perRecipient)} ms (sends, activities, workflow)`,
  );
  console.log(`  business core alone (${DIRECT} direct) ${fmt(corePerRecipient)} ms`);
  console.log(`  Temporal server CPU per recipient ${fmt(serverPerRecipient)} ms`);
  console.log(
    `  scheduler overhead               ${fmt(perRecipient - corePerRecipient + serverPerRecipient)} ms per recipient (target ≤ 5 ms; worker beyond the core + server)`,
  );
  console.log(`  Temporal history: ${runs} runs, ${events} events, ${bytes} bytes`);
  console.log(
    `  per 1,000 recipients             ${fmt((events * 1000) / RECIPIENTS, 1)} events, ${fmt((bytes * 1000) / RECIPIENTS / 1024, 1)} KiB`,
  );
} finally {
  await h.stop();
}
