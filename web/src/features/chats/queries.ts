import type { InternalChatMessageView, InternalChatView } from '@atendo/domain';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** One chat of GET /chats: its title, last message and every participant's unread count. */
export type ChatRow = InternalChatView;
/** One message of GET /chats/:id/messages. */
export type ChatMessage = InternalChatMessageView;

/** A page of the chat list, as the api answers it. */
export type ChatsPage = { records: ChatRow[]; count?: number; hasMore: boolean };
/** A page of a chat's messages: page 1 the newest, oldest→newest within each page. */
export type MessagesPage = { records: ChatMessage[]; count?: number; hasMore: boolean };
export type ChatsData = InfiniteData<ChatsPage>;
export type MessagesData = InfiniteData<MessagesPage>;

/** Cache keys of the internal chat (kept apart from the tickets' `chat` conversation keys). */
export const internalChatKeys = {
  all: ['internal-chats'] as const,
  lists: () => [...internalChatKeys.all, 'list'] as const,
  list: (searchParam: string) => [...internalChatKeys.lists(), searchParam] as const,
  messages: (chatId: number) => [...internalChatKeys.all, 'messages', chatId] as const,
};

/**
 * The caller's chats, latest activity first, 20 a page, loaded page after page as it scrolls.
 * Idle while `enabled` is false (the shell's popover and drawer when the plan has no chat).
 */
export function useChatsInfinite(searchParam: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: internalChatKeys.list(searchParam),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call('chatsIndex', { query: { searchParam, pageNumber: pageParam }, signal }),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled,
  });
}

/**
 * A chat's messages: page 1 holds the newest 20, each next page the 20 before (loaded as the
 * pane scrolls up). Idle while `chatId` is null.
 */
export function useChatMessages(chatId: number | null) {
  return useInfiniteQuery({
    queryKey: internalChatKeys.messages(chatId ?? 0),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.call('chatsMessages', {
        params: { id: chatId! },
        query: { pageNumber: pageParam },
        signal,
      }),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled: chatId !== null,
  });
}

/** Every loaded chat once, in list order. */
export function flattenChats(data: ChatsData | undefined): ChatRow[] {
  const seen = new Set<number>();
  const rows: ChatRow[] = [];
  for (const page of data?.pages ?? [])
    for (const chat of page.records)
      if (!seen.has(chat.id)) {
        seen.add(chat.id);
        rows.push(chat);
      }
  return rows;
}

/**
 * Every loaded message once, oldest first: the older pages come first. A message may sit in
 * two pages when new ones arrived between loads (the api pages by offset); it shows once.
 */
export function flattenMessages(data: MessagesData | undefined): ChatMessage[] {
  const seen = new Set<number>();
  const rows: ChatMessage[] = [];
  for (const page of [...(data?.pages ?? [])].reverse())
    for (const message of page.records)
      if (!seen.has(message.id)) {
        seen.add(message.id);
        rows.push(message);
      }
  return rows;
}

/** The caller's unread count in a chat (the participant entry with their id). */
export function unreadsOf(chat: ChatRow, userId: number): number {
  return chat.users.find((u) => u.userId === userId)?.unreads ?? 0;
}
