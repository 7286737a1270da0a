import type { Client } from '@temporalio/client';
import {
  resumeQueueRotations,
  resumeTicketTimers,
  type AppContext,
  type ProcessGateway,
} from '@atendo/core';
import { resumeCampaigns } from './campaigns/resume.js';
import { resumeMessageImports } from './message-import/resume.js';
import { resumeTicketMigrations } from './ticket-migration/resume.js';
import { resumeSchedules } from './schedules/resume.js';
import { TASK_QUEUE } from './shared.js';

/**
 * What a resume pass does, one line per process: (re)start the workflows the database says
 * should run (a campaign in progress, a schedule not yet sent, the timers of active tickets).
 * Every workflow id is derived from its row, and starting a running id is a no-op, so a pass
 * is safe at any time and any number of times: it is what catches up on anything decided
 * while Temporal or the worker was down (docs/operations.md#durable-processes).
 */
export const RESUME_STEPS: { name: string; run(ctx: AppContext): Promise<unknown> }[] = [
  { name: 'campaigns', run: resumeCampaigns },
  { name: 'schedules', run: resumeSchedules },
  { name: 'ticket-timers', run: resumeTicketTimers },
  { name: 'queue-rotation', run: resumeQueueRotations },
  { name: 'message-import', run: resumeMessageImports },
  { name: 'ticket-migration', run: resumeTicketMigrations },
];

/** What one pass did: workflows started per step (a running one does not count), and its time. */
export interface ResumeResult {
  started: Record<string, number>;
  ms: number;
}

/**
 * The gateway a pass starts through: a start of an id known to be running answers false
 * without a call (a pass over thousands of active tickets would otherwise be thousands of
 * refused starts), and the starts that did happen are counted.
 */
class ResumeGateway implements ProcessGateway {
  started = 0;
  constructor(
    private readonly inner: ProcessGateway,
    private readonly running: ReadonlySet<string>,
  ) {}
  async start(name: string, id: string, args: unknown[], options?: { restart?: boolean }) {
    if (!options?.restart && this.running.has(id)) return false;
    const ok = await this.inner.start(name, id, args, options);
    if (ok) this.started++;
    return ok;
  }
  signal(id: string, signal: string, args?: unknown[]) {
    return this.inner.signal(id, signal, args);
  }
  signalWithStart(
    name: string,
    id: string,
    signal: string,
    signalArgs: unknown[],
    args: unknown[],
  ) {
    return this.inner.signalWithStart(name, id, signal, signalArgs, args);
  }
  query<T>(id: string, query: string, args?: unknown[]) {
    return this.inner.query<T>(id, query, args);
  }
  cancel(id: string) {
    return this.inner.cancel(id);
  }
  async close() {}
}

/**
 * Runs every resume step; one failing step is logged and does not stop the others. `running`:
 * workflow ids already running, which need no start (a stale entry only delays that start to
 * the next pass; a missing one costs one refused start).
 */
export async function resumeProcesses(
  ctx: AppContext,
  running: ReadonlySet<string> = new Set(),
): Promise<ResumeResult> {
  const began = performance.now();
  const started: Record<string, number> = {};
  for (const step of RESUME_STEPS) {
    const processes = new ResumeGateway(ctx.processes, running);
    try {
      await step.run({ ...ctx, processes });
    } catch (err) {
      ctx.logger.error({ err, step: step.name }, 'resuming processes failed');
    }
    if (processes.started) started[step.name] = processes.started;
  }
  return { started, ms: Math.round(performance.now() - began) };
}

/** How long the reachability probe and the running list may take before a pass gives up. */
const PROBE_DEADLINE_MS = 5_000;

/** The ids of the workflows running on our task queue, from Temporal's visibility store. */
async function runningWorkflowIds(client: Client): Promise<Set<string>> {
  const ids = new Set<string>();
  const query = `TaskQueue = '${TASK_QUEUE}' AND ExecutionStatus = 'Running'`;
  for await (const w of client.workflow.list({ query, pageSize: 1000 })) ids.add(w.workflowId);
  return ids;
}

/** The worker's resume loop (see {@link startResumeLoop}). */
export interface ResumeLoop {
  /** Runs a pass now (unless one runs), e.g. when an operator asks; resolves when it is done. */
  runNow(): Promise<void>;
  /** Stops the loop and waits for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * Runs a resume pass at once and then every `intervalMs` (0: only the first), one at a time.
 * The api answers false when Temporal is down and keeps its write, so the start it could not
 * make is this loop's: a campaign or schedule created during an outage starts within one
 * interval of Temporal answering again, without a worker restart. Before each pass Temporal is
 * probed; while it is down no pass runs (a pass of failing starts would only log a warning
 * per row) and the probe repeats every few seconds, so the pass comes soon after it is back.
 */
export function startResumeLoop(o: {
  ctx: AppContext;
  client: Client;
  intervalMs: number;
  /** How often Temporal is probed while it is down; at most intervalMs. */
  downProbeMs?: number;
}): ResumeLoop {
  const { ctx, client, intervalMs } = o;
  const downProbeMs = Math.min(o.downProbeMs ?? 5_000, intervalMs || Infinity);
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let down = false;
  let first = true;
  let current: Promise<void> | null = null;

  const pass = async (): Promise<boolean> => {
    try {
      await client.connection.withDeadline(Date.now() + PROBE_DEADLINE_MS, () =>
        client.workflowService.getSystemInfo({}),
      );
    } catch (err) {
      if (!down) ctx.logger.warn({ err }, 'temporal unreachable: resume passes wait for it');
      down = true;
      return false;
    }
    if (down) ctx.logger.info('temporal reachable again: resuming processes');
    down = false;
    let running: Set<string> = new Set();
    try {
      running = await runningWorkflowIds(client);
    } catch (err) {
      // Without the list every row is simply started (running ones refuse): slower, still right.
      ctx.logger.warn({ err }, 'listing running workflows failed');
    }
    const result = await resumeProcesses(ctx, running);
    const total = Object.values(result.started).reduce((a, b) => a + b, 0);
    const level = first || total > 0 ? 'info' : 'debug';
    ctx.logger[level]({ ...result, running: running.size }, 'resume pass done');
    first = false;
    return true;
  };

  const schedule = (ms: number) => {
    if (stopped || (!ms && !down)) return;
    timer = setTimeout(() => void tick(), ms);
  };
  const tick = (): Promise<void> => {
    if (current) return current;
    if (timer) clearTimeout(timer);
    timer = null;
    current = pass()
      .catch((err: unknown) => {
        ctx.logger.error({ err }, 'resume pass failed');
        return true;
      })
      .then((ok) => {
        current = null;
        schedule(ok ? intervalMs : downProbeMs);
      });
    return current;
  };
  void tick();

  return {
    runNow: tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
