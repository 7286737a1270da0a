import { resumeQueueRotations, resumeTicketTimers, type AppContext } from '@atendo/api/core';
import { resumeCampaigns } from './campaigns/resume.js';
import { resumeMessageImports } from './message-import/resume.js';
import { resumeTicketMigrations } from './ticket-migration/resume.js';
import { resumeSchedules } from './schedules/resume.js';

/**
 * What the worker does once at start, one line per process: (re)start the workflows the
 * database says should run (a campaign in progress, a schedule not yet sent, the timers of
 * active tickets). Starting a running workflow id is a no-op, so this is safe on every start,
 * and it is what catches up on anything decided while Temporal or the worker was down.
 */
export const RESUME_STEPS: { name: string; run(ctx: AppContext): Promise<unknown> }[] = [
  { name: 'campaigns', run: resumeCampaigns },
  { name: 'schedules', run: resumeSchedules },
  { name: 'ticket-timers', run: resumeTicketTimers },
  { name: 'queue-rotation', run: resumeQueueRotations },
  { name: 'message-import', run: resumeMessageImports },
  { name: 'ticket-migration', run: resumeTicketMigrations },
];

/** Runs every resume step; one failing step is logged and does not stop the others. */
export async function resumeProcesses(ctx: AppContext): Promise<void> {
  for (const step of RESUME_STEPS) {
    try {
      await step.run(ctx);
    } catch (err) {
      ctx.logger.error({ err, step: step.name }, 'resuming processes failed');
    }
  }
}
