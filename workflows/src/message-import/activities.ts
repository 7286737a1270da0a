import {
  finishMessageImport,
  importStagedMessages,
  prepareMessageImport,
  type AppContext,
} from '@atendo/core';
import { MESSAGE_IMPORT_BATCH } from '@atendo/domain/processes';

interface Connection {
  companyId: number;
  whatsappId: number;
}

/** The message import's activities: each one use case of the business core (message-import). */
export function createMessageImportActivities(deps: { ctx: AppContext }) {
  return {
    /** Drops staged messages outside the window; how many remain. */
    importPrepare(input: Connection) {
      return prepareMessageImport(deps.ctx, input);
    },
    /** The next batch through the pipeline as imported, with its progress event. */
    importBatch(input: Connection & { processed: number; all: number }) {
      return importStagedMessages(deps.ctx, { ...input, limit: MESSAGE_IMPORT_BATCH });
    },
    /** Close the imported tickets, or offer the console's button. */
    importFinish(input: Connection & { processed: number }) {
      return finishMessageImport(deps.ctx, input);
    },
  };
}

export type MessageImportActivities = ReturnType<typeof createMessageImportActivities>;
