import { chatUserId, type CreateChatInput, type UpdateChatInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { ChatEntity, ChatUserEntity } from '../../db/entities/index.js';
import type { TenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { loadChat, loadOwnChat, requireUsers } from './chat-view.js';
import { featureData } from '../campaigns/plan-feature.js';

/** The participants of a sent list: the caller always, each user once. */
function participants(auth: Principal, users: CreateChatInput['users']): number[] {
  return [...new Set([auth.userId, ...users.map(chatUserId)])];
}

/** POST /chats: a chat owned by the caller with the named users of the company. */
export async function createChat(ctx: AppContext, o: { auth: Principal; input: CreateChatInput }) {
  const db = await featureData(ctx, o.auth, 'useInternalChat');
  const users = participants(o.auth, o.input.users);
  await requireUsers(db, users);
  const id = await db.transaction(async (tx) => {
    const chat = await tx.of(ChatEntity).insert({ title: o.input.title, ownerId: o.auth.userId });
    await tx
      .of(ChatUserEntity)
      .insertMany(users.map((userId) => ({ chatId: chat.id, userId, unreads: 0 })));
    return chat.id;
  });
  const chat = await loadChat(db, o.auth, id);
  ctx.events.publish('chat.saved', {
    companyId: db.companyId,
    chat,
    addedUserIds: users,
    removedUserIds: [],
  });
  return chat;
}

/**
 * PUT /chats/:id (its owner): a new title and/or the whole list of participants. The owner
 * stays; a user left out leaves the chat (and is told), one added joins with nothing unread.
 */
export async function updateChat(
  ctx: AppContext,
  o: { auth: Principal; id: number; input: UpdateChatInput },
) {
  const db = await featureData(ctx, o.auth, 'useInternalChat');
  const before = await loadOwnChat(db, o.auth, o.id);
  let removedUserIds: number[] = [];
  let addedUserIds: number[] = [];
  if (o.input.users) {
    const users = participants(o.auth, o.input.users);
    await requireUsers(db, users);
    const had = before.users.map((u) => u.userId);
    removedUserIds = had.filter((u) => !users.includes(u));
    const added = users.filter((u) => !had.includes(u));
    addedUserIds = added;
    await db.transaction(async (tx) => {
      if (removedUserIds.length)
        await tx.query(
          `DELETE FROM chat_users WHERE "companyId" = $1 AND "chatId" = $2 AND "userId" = ANY($3::int[])`,
          [tx.companyId, o.id, removedUserIds],
        );
      if (added.length)
        await tx
          .of(ChatUserEntity)
          .insertMany(added.map((userId) => ({ chatId: o.id, userId, unreads: 0 })));
      await touch(tx, o.id, o.input.title);
    });
  } else await touch(db, o.id, o.input.title);
  const chat = await loadChat(db, o.auth, o.id);
  ctx.events.publish('chat.saved', { companyId: db.companyId, chat, addedUserIds, removedUserIds });
  return chat;
}

async function touch(db: TenantData, id: number, title: string | undefined): Promise<void> {
  await db.of(ChatEntity).update({ id }, { ...(title && { title }), updatedAt: new Date() });
}

/** DELETE /chats/:id (its owner): the chat and its messages go; its participants are told. */
export async function deleteChat(ctx: AppContext, o: { auth: Principal; id: number }) {
  const db = await featureData(ctx, o.auth, 'useInternalChat');
  const chat = await loadOwnChat(db, o.auth, o.id);
  await db.of(ChatEntity).delete({ id: o.id });
  ctx.events.publish('chat.deleted', {
    companyId: db.companyId,
    id: o.id,
    userIds: chat.users.map((u) => u.userId),
  });
  return { message: 'Chat deleted' };
}
