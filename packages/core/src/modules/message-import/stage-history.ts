import {
  MESSAGE_IMPORT_RECEIVED_SIGNAL,
  MESSAGE_IMPORT_WORKFLOW,
  messageImportWorkflowId,
  type MessageImportInput,
} from '@atendo/domain/processes';
import type { SessionHistoryBatch } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { WhatsappEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import { loadWhatsapp } from '../connections/connections-access.js';
import { toWhatsappView } from '../connections/whatsapp-view.js';
import type { SessionConnection } from '../session-channel/session-of.js';
import { importWindowOf, inImportWindow } from './import-window.js';

/**
 * POST /internal/sessions/me/history: a batch of the history the phone sent after a fresh
 * pairing. What falls in the connection's import window (groups only with
 * importOldMessagesGroups) is staged once per message id; the connection enters its import
 * state (statusImportMessages = the time it began, the console's "preparing"); the import's
 * workflow is started, or told that more arrived. Nothing is staged while no import is set.
 */
export async function stageHistory(
  ctx: AppContext,
  s: SessionConnection,
  batch: SessionHistoryBatch,
): Promise<{ staged: number; enabled: boolean }> {
  const db = tenantData(ctx.ds, s.companyId);
  const w = await db.of(WhatsappEntity).findOne({
    where: { id: s.whatsappId },
    select: {
      id: true,
      importOldMessages: true,
      importRecentMessages: true,
      importOldMessagesGroups: true,
      statusImportMessages: true,
    },
  });
  const win = w ? importWindowOf(w) : null;
  if (!w || !win?.enabled) return { staged: 0, enabled: false };

  const now = new Date();
  const rows = batch.messages
    .filter((m) => m.timestamp !== undefined)
    .map((m) => ({
      wid: m.wid,
      sentAt: new Date(m.timestamp! * 1000),
      isGroup: !!m.group,
      event: m,
    }))
    .filter((r) => inImportWindow(win, r, now));
  if (rows.length === 0) return { staged: 0, enabled: true };

  const staged = await db.transaction(async (tx) => {
    const inserted = await tx.query<{ id: number }>(
      `WITH i AS (
         INSERT INTO import_messages ("companyId", "whatsappId", wid, "sentAt", "isGroup", event)
         SELECT $1, $2, r.wid, r."sentAt", r."isGroup", r.event
           FROM jsonb_to_recordset($3::jsonb)
                AS r(wid varchar, "sentAt" timestamptz, "isGroup" boolean, event jsonb)
         ON CONFLICT ("whatsappId", wid) DO NOTHING
         RETURNING id)
       SELECT id FROM i`,
      [s.companyId, w.id, JSON.stringify(rows)],
    );
    // A new import begins: the console shows "preparing" from this moment on.
    const starting = inserted.length > 0 && !/^\d+$/.test(w.statusImportMessages ?? '');
    if (starting)
      await tx
        .of(WhatsappEntity)
        .update({ id: w.id }, { statusImportMessages: String(Date.now()) });
    return { count: inserted.length, starting };
  });
  if (staged.starting) {
    const view = toWhatsappView(await loadWhatsapp(ctx, s.companyId, w.id));
    ctx.events.publish('whatsapp.updated', { companyId: s.companyId, whatsapp: view });
  }
  if (staged.count > 0) {
    const input: MessageImportInput = { companyId: s.companyId, whatsappId: w.id };
    await ctx.processes.signalWithStart(
      MESSAGE_IMPORT_WORKFLOW,
      messageImportWorkflowId(w.id),
      MESSAGE_IMPORT_RECEIVED_SIGNAL,
      [],
      [input],
    );
  }
  return { staged: staged.count, enabled: true };
}
