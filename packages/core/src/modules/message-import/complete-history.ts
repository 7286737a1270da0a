import { MESSAGE_IMPORT_COMPLETE_SIGNAL, messageImportWorkflowId } from '@atendo/domain/processes';
import type { AppContext } from '../../context.js';
import type { SessionConnection } from '../session-channel/session-of.js';

/**
 * POST /internal/sessions/me/history/complete: the phone sent all its history, so the import
 * need not wait for its quiet period. A nudge: without a running import it does nothing, and
 * a lost one only delays the import by that period.
 */
export async function completeHistory(ctx: AppContext, s: SessionConnection): Promise<void> {
  await ctx.processes.signal(messageImportWorkflowId(s.whatsappId), MESSAGE_IMPORT_COMPLETE_SIGNAL);
}
