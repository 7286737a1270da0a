import type { AppContext } from '../../context.js';
import { WhatsappEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import { importWindowOf } from './import-window.js';

/**
 * The import's start, once the history stopped arriving: the staged messages that (no longer)
 * fall in the connection's window are dropped (the window or the groups choice may have
 * changed meanwhile; an import turned off drops them all); answers how many remain to import.
 */
export async function prepareMessageImport(
  ctx: AppContext,
  o: { companyId: number; whatsappId: number },
): Promise<{ all: number }> {
  const db = tenantData(ctx.ds, o.companyId);
  const w = await db.of(WhatsappEntity).findOne({
    where: { id: o.whatsappId },
    select: {
      id: true,
      importOldMessages: true,
      importRecentMessages: true,
      importOldMessagesGroups: true,
    },
  });
  const win = w ? importWindowOf(w) : null;
  await db.query(
    `DELETE FROM import_messages
      WHERE "companyId" = $1 AND "whatsappId" = $2
        AND (NOT $3 OR "sentAt" < $4 OR "sentAt" > COALESCE($5, now()) OR ("isGroup" AND NOT $6))`,
    [
      o.companyId,
      o.whatsappId,
      !!win?.enabled,
      win?.from ?? new Date(0),
      win?.to ?? null,
      !!win?.groups,
    ],
  );
  const [row] = await db.query<{ all: number }>(
    `SELECT count(*)::int AS "all" FROM import_messages WHERE "companyId" = $1 AND "whatsappId" = $2`,
    [o.companyId, o.whatsappId],
  );
  return { all: row?.all ?? 0 };
}
