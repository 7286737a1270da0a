import {
  condition,
  continueAsNew,
  defineQuery,
  defineSignal,
  proxyActivities,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import {
  MESSAGE_IMPORT_COMPLETE_SIGNAL,
  MESSAGE_IMPORT_PROGRESS_QUERY,
  MESSAGE_IMPORT_QUIET_MS,
  MESSAGE_IMPORT_RECEIVED_SIGNAL,
  type MessageImportInput,
  type MessageImportProgress,
} from '@atendo/domain/processes';
// Only the type crosses into workflow code; the worker registers the implementation.
import type { MessageImportActivities } from './activities.js';

/** Batches per run before the history starts over (continue-as-new), carrying the counts. */
export const BATCHES_PER_RUN = 200;

const { importPrepare, importBatch, importFinish } = proxyActivities<MessageImportActivities>({
  startToCloseTimeout: '10 minutes',
  retry: { initialInterval: '5 seconds', maximumInterval: '5 minutes' },
});

export const receivedSignal = defineSignal(MESSAGE_IMPORT_RECEIVED_SIGNAL);
export const completeSignal = defineSignal(MESSAGE_IMPORT_COMPLETE_SIGNAL);
export const importProgressQuery = defineQuery<MessageImportProgress>(
  MESSAGE_IMPORT_PROGRESS_QUERY,
);

/**
 * One connection's history import (docs/product/connections.md#import-of-old-messages). The staged rows are the state; this holds the
 * timing: it waits while the session hands history over (until its `complete` signal, or no
 * batch for MESSAGE_IMPORT_QUIET_MS), drops what falls outside the window, runs the rest
 * through the pipeline in batches, oldest first, with a progress event each, and ends the
 * import (close the imported tickets, or offer the console's button).
 */
export async function messageImport(input: MessageImportInput): Promise<MessageImportProgress> {
  const conn = { companyId: input.companyId, whatsappId: input.whatsappId };
  let complete = false;
  let received = 0;
  let progress: MessageImportProgress = {
    phase: input.importing ? 'importing' : 'collecting',
    processed: input.processed ?? 0,
    all: input.all ?? 0,
  };
  setHandler(receivedSignal, () => {
    received++;
  });
  setHandler(completeSignal, () => {
    complete = true;
  });
  setHandler(importProgressQuery, () => progress);

  if (!input.importing) {
    // The history arrives in bursts: each batch starts the quiet period again.
    for (;;) {
      const seen = received;
      const moved = await condition(() => complete || received !== seen, MESSAGE_IMPORT_QUIET_MS);
      if (complete || !moved) break;
    }
    const { all } = await importPrepare(conn);
    progress = { phase: 'importing', processed: 0, all };
  }

  for (let batch = 0; ; batch++) {
    const r = await importBatch({ ...conn, processed: progress.processed, all: progress.all });
    progress = { phase: 'importing', processed: r.processed, all: r.all };
    if (r.remaining === 0) break;
    if (batch + 1 >= BATCHES_PER_RUN || workflowInfo().continueAsNewSuggested)
      await continueAsNew<typeof messageImport>({
        ...conn,
        importing: true,
        processed: progress.processed,
        all: progress.all,
      });
  }
  await importFinish({ ...conn, processed: progress.processed });
  progress = { ...progress, phase: 'done' };
  return progress;
}
