import { listImportsToResume, type AppContext } from '@atendo/core';
import {
  MESSAGE_IMPORT_WORKFLOW,
  messageImportWorkflowId,
  type MessageImportInput,
} from '@atendo/domain/processes';

/**
 * Starts the import of every connection whose staged history remains (a running import is
 * left alone): it waits its quiet period (the session may still be handing history over),
 * then imports what is staged. Returns how many were started.
 */
export async function resumeMessageImports(ctx: AppContext): Promise<number> {
  let started = 0;
  for (const c of await listImportsToResume(ctx)) {
    const input: MessageImportInput = c;
    const id = messageImportWorkflowId(c.whatsappId);
    if (await ctx.processes.start(MESSAGE_IMPORT_WORKFLOW, id, [input])) started++;
  }
  return started;
}
