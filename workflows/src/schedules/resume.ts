import { listSchedulesToResume, startScheduleProcess, type AppContext } from '@atendo/core';

/**
 * Starts the workflow of every schedule not yet sent (a running one is left alone): a send
 * whose time passed while the platform was down is then due, and goes at once. Returns how
 * many were started.
 */
export async function resumeSchedules(ctx: AppContext): Promise<number> {
  let started = 0;
  for (const s of await listSchedulesToResume(ctx))
    if (await startScheduleProcess(ctx, s)) started++;
  return started;
}
