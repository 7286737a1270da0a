import type { InternalChatView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../access/principal.js';
import { CHAT_COLUMNS } from './chat-view.js';
import { featureData } from '../campaigns/plan-feature.js';

export const CHATS_PAGE = 20;

/** GET /chats: the chats the caller takes part in, latest activity first, by title. */
export async function listChats(
  ctx: AppContext,
  o: { auth: Principal; searchParam: string; pageNumber: number },
) {
  const db = await featureData(ctx, o.auth, 'useInternalChat');
  const term = o.searchParam.trim().replace(/[%_\\]/g, '\\$&');
  const match = `c."companyId" = $1 AND ($3 = '' OR c.title ILIKE '%' || $3 || '%')
    AND EXISTS (SELECT 1 FROM chat_users me
                 WHERE me."companyId" = $1 AND me."chatId" = c.id AND me."userId" = $2)`;
  const [records, [total]] = await Promise.all([
    db.query<InternalChatView>(
      `SELECT ${CHAT_COLUMNS} FROM chats c WHERE ${match}
        ORDER BY c."updatedAt" DESC, c.id DESC LIMIT $4 OFFSET $5`,
      [db.companyId, o.auth.userId, term, CHATS_PAGE, (o.pageNumber - 1) * CHATS_PAGE],
    ),
    db.query<{ count: number }>(`SELECT count(*)::int AS count FROM chats c WHERE ${match}`, [
      db.companyId,
      o.auth.userId,
      term,
    ]),
  ]);
  const count = total?.count ?? 0;
  return { records, count, hasMore: count > o.pageNumber * CHATS_PAGE };
}
