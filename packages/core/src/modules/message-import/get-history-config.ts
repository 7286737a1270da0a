import type { SessionHistoryView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { WhatsappEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { SessionConnection } from '../session-channel/session-of.js';
import { importWindowOf } from './import-window.js';

/**
 * GET /internal/sessions/me/history: whether the session should ask the phone for its full
 * history and hand it over, and which part of it the import keeps (the session filters too,
 * to send less; the api decides).
 */
export async function getHistoryConfig(
  ctx: AppContext,
  s: SessionConnection,
): Promise<SessionHistoryView> {
  const w = await tenantData(ctx.ds, s.companyId)
    .of(WhatsappEntity)
    .findOne({
      where: { id: s.whatsappId },
      select: {
        id: true,
        importOldMessages: true,
        importRecentMessages: true,
        importOldMessagesGroups: true,
      },
    });
  const win = w ? importWindowOf(w) : null;
  return {
    enabled: !!win?.enabled,
    from: win?.from?.toISOString() ?? null,
    to: win?.to?.toISOString() ?? null,
    groups: !!win?.groups,
  };
}
