// Names of the message import process (docs/product/connections.md#import-of-old-messages, docs/product/connections.md connection import fields), shared by
// the api, the worker and the tests. Pure TypeScript: workflow code imports it inside Temporal's
// sandbox.

/** Workflow type of one connection's history import. */
export const MESSAGE_IMPORT_WORKFLOW = 'messageImport';

/** Signal: the session staged another batch of history (the quiet period starts again). */
export const MESSAGE_IMPORT_RECEIVED_SIGNAL = 'messageImportReceived';

/** Signal: the session says the phone sent all its history. */
export const MESSAGE_IMPORT_COMPLETE_SIGNAL = 'messageImportComplete';

/** Query answering {@link MessageImportProgress}. */
export const MESSAGE_IMPORT_PROGRESS_QUERY = 'messageImportProgress';

/**
 * How long the workflow waits without a new batch before it treats the history as complete
 * (the session's own end signal can be lost: a crash, a restart).
 */
export const MESSAGE_IMPORT_QUIET_MS = 3 * 60_000;

/** Staged messages run through the pipeline per activity call (one progress event each). */
export const MESSAGE_IMPORT_BATCH = 50;

/** `statusImportMessages` once the import ended and the imported tickets wait to be closed. */
export const IMPORT_CLOSE_BUTTON_STATE = 'renderButtonCloseTickets';

/** Workflow id of a connection's import: one at a time per connection. */
export function messageImportWorkflowId(whatsappId: number): string {
  return `message-import-${whatsappId}`;
}

/** What the workflow runs with; `processed`/`all` carry progress across continue-as-new. */
export interface MessageImportInput {
  companyId: number;
  whatsappId: number;
  /** Skip the wait for the history's end (a resumed import, or one continued as new). */
  importing?: boolean;
  processed?: number;
  all?: number;
}

/** Where an import stands. */
export interface MessageImportProgress {
  phase: 'collecting' | 'importing' | 'done';
  processed: number;
  all: number;
}
