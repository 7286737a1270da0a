import type { InternalChatMessageView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { ChatMessageEntity } from '../../db/entities/index.js';
import type { Principal } from '../../access/principal.js';
import { loadChat } from './chat-view.js';
import { featureData } from '../campaigns/plan-feature.js';

/** Messages a page of the pane holds. */
export const CHAT_MESSAGES_PAGE = 20;

const MESSAGE_COLUMNS = `m.id, m."chatId", m."senderId", m.message, m."createdAt",
  CASE WHEN s.id IS NULL THEN NULL ELSE json_build_object('id', s.id, 'name', s.name) END
    AS sender`;

/** GET /chats/:id/messages: a page of a chat of the caller's, newest page first. */
export async function listChatMessages(
  ctx: AppContext,
  o: { auth: Principal; id: number; pageNumber: number },
) {
  const db = await featureData(ctx, o.auth, 'useInternalChat');
  await loadChat(db, o.auth, o.id);
  const [page, [total]] = await Promise.all([
    db.query<InternalChatMessageView>(
      `SELECT ${MESSAGE_COLUMNS} FROM chat_messages m LEFT JOIN users s ON s.id = m."senderId"
        WHERE m."companyId" = $1 AND m."chatId" = $2
        ORDER BY m."createdAt" DESC, m.id DESC LIMIT $3 OFFSET $4`,
      [db.companyId, o.id, CHAT_MESSAGES_PAGE, (o.pageNumber - 1) * CHAT_MESSAGES_PAGE],
    ),
    db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM chat_messages WHERE "companyId" = $1 AND "chatId" = $2`,
      [db.companyId, o.id],
    ),
  ]);
  const count = total?.count ?? 0;
  return {
    records: page.reverse(),
    count,
    hasMore: count > o.pageNumber * CHAT_MESSAGES_PAGE,
  };
}

/**
 * POST /chats/:id/messages: stores the message, makes it the chat's last one and counts it
 * unread for every other participant, in one transaction.
 */
export async function sendChatMessage(
  ctx: AppContext,
  o: { auth: Principal; id: number; message: string },
) {
  const db = await featureData(ctx, o.auth, 'useInternalChat');
  await loadChat(db, o.auth, o.id);
  const id = await db.transaction(async (tx) => {
    const row = await tx
      .of(ChatMessageEntity)
      .insert({ chatId: o.id, senderId: o.auth.userId, message: o.message });
    await tx.query(
      `UPDATE chats SET "lastMessage" = $3, "updatedAt" = now() WHERE "companyId" = $1 AND id = $2`,
      [tx.companyId, o.id, o.message.slice(0, 255)],
    );
    await tx.query(
      `UPDATE chat_users SET unreads = unreads + 1, "updatedAt" = now()
        WHERE "companyId" = $1 AND "chatId" = $2 AND "userId" <> $3`,
      [tx.companyId, o.id, o.auth.userId],
    );
    return row.id;
  });
  const [newMessage] = await db.query<InternalChatMessageView>(
    `SELECT ${MESSAGE_COLUMNS} FROM chat_messages m LEFT JOIN users s ON s.id = m."senderId"
      WHERE m."companyId" = $1 AND m.id = $2`,
    [db.companyId, id],
  );
  const chat = await loadChat(db, o.auth, o.id);
  ctx.events.publish('chat.message_sent', { companyId: db.companyId, chat, message: newMessage! });
  return newMessage!;
}

/** POST /chats/:id/read: the caller has read the chat. */
export async function readChat(ctx: AppContext, o: { auth: Principal; id: number }) {
  const db = await featureData(ctx, o.auth, 'useInternalChat');
  await loadChat(db, o.auth, o.id);
  await db.query(
    `UPDATE chat_users SET unreads = 0, "updatedAt" = now()
      WHERE "companyId" = $1 AND "chatId" = $2 AND "userId" = $3`,
    [db.companyId, o.id, o.auth.userId],
  );
  const chat = await loadChat(db, o.auth, o.id);
  ctx.events.publish('chat.read', { companyId: db.companyId, chat, userId: o.auth.userId });
  return chat;
}
