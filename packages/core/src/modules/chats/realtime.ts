import type { AppContext } from '../../context.js';
import { rooms } from '@atendo/domain';
import type { RealtimeRawInput } from '@atendo/contract';
import type { Pushes } from '../../events/pushes.js';

/**
 * The internal chat's events, as the lineage's chat page listens to them, sent only to the
 * participants' own rooms (a chat's title and messages never reach anyone else):
 * - `company-{id}-chat-user-{userId}`: `{ action: 'create' | 'update', chat }` when the chat
 *   appears or changes in that user's list, `{ action: 'delete', id }` when it leaves it;
 * - `company-{id}-chat-{chatId}`: `{ action: 'new-message', newMessage, chat }` for the open
 *   pane, and `{ action: 'update', chat }`;
 * - `company-{id}-chat`: `{ action: 'new-message' | 'update', chat }` for the chat list.
 */
export function registerChatListeners({ events }: AppContext, realtime: Pushes): void {
  const toUser = (companyId: number, userId: number, payload: RealtimeRawInput<'chatUser'>) =>
    realtime.emitRaw(companyId, 'chatUser', [rooms.user(userId)], payload, userId);
  const participants = (chat: { users: { userId: number }[] }) =>
    chat.users.map((u) => rooms.user(u.userId));

  events.on('chat.saved', ({ companyId, chat, addedUserIds, removedUserIds }) => {
    for (const u of chat.users)
      toUser(companyId, u.userId, {
        action: addedUserIds.includes(u.userId) ? 'create' : 'update',
        chat,
      });
    for (const userId of removedUserIds)
      toUser(companyId, userId, { action: 'delete', id: chat.id });
    realtime.emitRaw(
      companyId,
      'chatPane',
      participants(chat),
      { action: 'update', chat },
      chat.id,
    );
  });
  events.on('chat.deleted', ({ companyId, id, userIds }) => {
    for (const userId of userIds) toUser(companyId, userId, { action: 'delete', id });
  });
  events.on('chat.message_sent', ({ companyId, chat, message }) => {
    const to = participants(chat);
    realtime.emitRaw(
      companyId,
      'chatPane',
      to,
      { action: 'new-message', newMessage: message, chat },
      chat.id,
    );
    realtime.emit(companyId, 'chat', to, { action: 'new-message', chat });
  });
  events.on('chat.read', ({ companyId, chat, userId }) =>
    toUser(companyId, userId, { action: 'update', chat }),
  );
}
