import type { QuickMessageView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { QUICK_MESSAGE_COLUMNS } from './quick-message-view.js';

/**
 * The composer's quick replies: the caller's own and the shared ones that are active, by
 * shortcode (admins too see only these here: the composer offers what they would send).
 */
export async function listComposerQuickMessages(ctx: AppContext, o: { auth: Principal }) {
  return tenantData(ctx.ds, o.auth.companyId).prepared<QuickMessageView>(
    'quick-messages-list',
    `SELECT ${QUICK_MESSAGE_COLUMNS} FROM quick_messages q
      WHERE q."companyId" = $1 AND (q."userId" = $2 OR q.geral) AND q.visao
      ORDER BY q.shortcode, q.id`,
    [o.auth.companyId, o.auth.userId],
  );
}
