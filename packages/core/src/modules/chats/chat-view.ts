import { AppError, type InternalChatView } from '@atendo/domain';
import type { TenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';

/** A chat's columns over `chats c` with its participants (and their unread counts). */
export const CHAT_COLUMNS = `c.id, c.uuid, c.title, c."ownerId", c."lastMessage", c."createdAt",
  c."updatedAt",
  COALESCE((SELECT json_agg(json_build_object('userId', cu."userId", 'unreads', cu.unreads,
                                              'user', json_build_object('id', u.id, 'name', u.name))
                            ORDER BY u.name, u.id)
              FROM chat_users cu JOIN users u ON u.id = cu."userId"
             WHERE cu."companyId" = c."companyId" AND cu."chatId" = c.id), '[]') AS users`;

/**
 * A chat the caller takes part in, or ERR_NOT_FOUND: a chat of others (or of another company)
 * is not found, so its existence does not leak.
 */
export async function loadChat(
  db: TenantData,
  auth: Principal,
  id: number,
): Promise<InternalChatView> {
  const [row] = await db.query<InternalChatView>(
    `SELECT ${CHAT_COLUMNS} FROM chats c
      WHERE c."companyId" = $1 AND c.id = $2
        AND EXISTS (SELECT 1 FROM chat_users me
                     WHERE me."companyId" = $1 AND me."chatId" = c.id AND me."userId" = $3)`,
    [db.companyId, id, auth.userId],
  );
  if (!row) throw new AppError('ERR_NOT_FOUND');
  return row;
}

/** A chat the caller owns (its owner alone edits or deletes it, docs/product/overview.md#module-routes-and-gating). */
export async function loadOwnChat(
  db: TenantData,
  auth: Principal,
  id: number,
): Promise<InternalChatView> {
  const chat = await loadChat(db, auth, id);
  if (chat.ownerId !== auth.userId) throw new AppError('ERR_NO_PERMISSION');
  return chat;
}

/** Refuses participants who are not users of the company (named like unknown ones). */
export async function requireUsers(db: TenantData, ids: number[]): Promise<void> {
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM users WHERE "companyId" = $1 AND id = ANY($2::int[])`,
    [db.companyId, ids],
  );
  if (rows.length !== ids.length)
    throw new AppError('ERR_VALIDATION', { fields: [{ field: 'users', message: 'Unknown user' }] });
}
