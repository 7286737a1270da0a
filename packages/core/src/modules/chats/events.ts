import type { InternalChatView, InternalChatMessageView } from '@atendo/domain';

/** The domain events the chats module publishes (docs/architecture.md#domain-events-and-listeners). */
export interface ChatsEvents {
  /** A chat was created or changed; `addedUserIds` joined it, `removedUserIds` left it. */
  'chat.saved': {
    companyId: number;
    chat: InternalChatView;
    addedUserIds: number[];
    removedUserIds: number[];
  };
  'chat.deleted': { companyId: number; id: number; userIds: number[] };
  'chat.message_sent': {
    companyId: number;
    chat: InternalChatView;
    message: InternalChatMessageView;
  };
  'chat.read': { companyId: number; chat: InternalChatView; userId: number };
}
