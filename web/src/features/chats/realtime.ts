import type { RealtimePayload, RealtimeRawPayload } from '@atendo/api-client';
import { rawEventNames } from '@atendo/domain';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { runRouteMutation } from '@/lib/cache/run-route-mutation';
import { useSocket } from '@/lib/realtime/realtime-provider';
import { onCompanyEvent, onRawEvent } from '@/lib/realtime/socket';
import {
  internalChatKeys,
  type ChatMessage,
  type ChatRow,
  type ChatsData,
  type MessagesData,
} from './queries';

/** `company-{id}-chat-user-{userId}`: a chat appearing, changing or leaving the user's list. */
export const chatUserEvent = rawEventNames.chatUser;
/** `company-{id}-chat-{chatId}`: the open chat's new messages and changes. */
export const chatRoomEvent = rawEventNames.chatPane;

/** The chat with the caller's unread count at 0 (the caller is reading it). */
export function markedRead(chat: ChatRow, userId: number): ChatRow {
  return {
    ...chat,
    users: chat.users.map((u) => (u.userId === userId ? { ...u, unreads: 0 } : u)),
  };
}

/** Whether a list searched by `searchParam` shows `chat` (the api searches titles). */
const matches = (searchParam: string, chat: ChatRow) =>
  chat.title.toLowerCase().includes(searchParam.trim().toLowerCase());

/**
 * Puts a chat into every cached chat list. `place: 'top'` (a new chat, a new message) moves
 * it first, as the list is ordered by latest activity, and adds it where the list's search
 * matches its title; `'stay'` (a rename, a read) patches it where it is.
 */
export function upsertChat(client: QueryClient, chat: ChatRow, place: 'top' | 'stay'): void {
  for (const [key] of client.getQueriesData<ChatsData>({ queryKey: internalChatKeys.lists() })) {
    const searchParam = String(key[2] ?? '');
    client.setQueryData<ChatsData>(key, (data) => {
      if (!data) return data;
      const known = data.pages.some((p) => p.records.some((c) => c.id === chat.id));
      if (place === 'stay' || (!known && !matches(searchParam, chat))) {
        if (!known) return data;
        return {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            records: p.records.map((c) => (c.id === chat.id ? chat : c)),
          })),
        };
      }
      const pages = data.pages.map((p) => ({
        ...p,
        records: p.records.filter((c) => c.id !== chat.id),
      }));
      const [first, ...rest] = pages;
      if (!first) return data;
      return { ...data, pages: [{ ...first, records: [chat, ...first.records] }, ...rest] };
    });
  }
}

/** Drops a chat from every cached list and forgets its messages. */
export function removeChat(client: QueryClient, chatId: number): void {
  client.setQueriesData<ChatsData>({ queryKey: internalChatKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            records: p.records.filter((c) => c.id !== chatId),
          })),
        }
      : data,
  );
  client.removeQueries({ queryKey: internalChatKeys.messages(chatId) });
}

/** Adds a message at the end of its chat's newest page (once: the sender gets it twice). */
export function appendMessage(client: QueryClient, message: ChatMessage): void {
  client.setQueryData<MessagesData>(internalChatKeys.messages(message.chatId), (data) => {
    if (!data) return data;
    if (data.pages.some((p) => p.records.some((m) => m.id === message.id))) return data;
    const [newest, ...older] = data.pages;
    if (!newest) return data;
    return { ...data, pages: [{ ...newest, records: [...newest.records, message] }, ...older] };
  });
}

/** A chat's row as loaded in any list, if any. */
export function loadedChat(client: QueryClient, chatId: number): ChatRow | undefined {
  for (const [, data] of client.getQueriesData<ChatsData>({ queryKey: internalChatKeys.lists() }))
    for (const page of data?.pages ?? []) {
      const chat = page.records.find((c) => c.id === chatId);
      if (chat) return chat;
    }
  return undefined;
}

/**
 * POST /chats/:id/read, run in the page's `client` (the socket handlers call it too); the
 * answer (the caller's unreads at 0) patches the list. Failures are ignored.
 */
export async function markChatRead(client: QueryClient, chatId: number): Promise<void> {
  try {
    const chat = await runRouteMutation(client, 'chatsRead', { params: { id: chatId }, body: {} });
    upsertChat(client, chat, 'stay');
  } catch {
    // docs/product/errors.md#console-messages: the chat's api failures are silently ignored.
  }
}

/** What the handlers need besides the cache. */
export interface ChatRealtimeContext {
  client: QueryClient;
  userId: number;
  /** The chat shown in the pane, if any. */
  openChatId: number | null;
  /** The open chat was deleted (or the user was taken out of it). */
  onOpenChatGone: () => void;
  /** A message arrived in the open chat: it is read at once. */
  markRead: (chatId: number) => void;
}

/** A chat pushed for the list; the open one shows no unread count while it is read. */
function pushed(chat: ChatRow, context: ChatRealtimeContext): ChatRow {
  return chat.id === context.openChatId ? markedRead(chat, context.userId) : chat;
}

/** `company-{id}-chat-user-{userId}`: create puts the chat first, update patches it, delete drops it. */
export function handleUserEvent(
  payload: RealtimeRawPayload<'chatUser'>,
  context: ChatRealtimeContext,
): void {
  const { client } = context;
  if (payload.action === 'delete') {
    removeChat(client, payload.id);
    if (payload.id === context.openChatId) context.onOpenChatGone();
  } else
    upsertChat(client, pushed(payload.chat, context), payload.action === 'create' ? 'top' : 'stay');
}

/** `company-{id}-chat-{chatId}` of the open chat: a new message is appended and read. */
export function handleRoomEvent(
  payload: RealtimeRawPayload<'chatPane'>,
  context: ChatRealtimeContext,
): void {
  const { client, openChatId } = context;
  if (payload.action === 'new-message') {
    if (payload.newMessage.chatId !== openChatId) return;
    appendMessage(client, payload.newMessage);
    upsertChat(client, pushed(payload.chat, context), 'top');
    context.markRead(payload.newMessage.chatId);
  } else upsertChat(client, pushed(payload.chat, context), 'stay');
}

/** `company-{id}-chat`: a new message in any of the caller's chats moves it first with its count. */
export function handleListEvent(
  payload: RealtimePayload<'chat'>,
  context: ChatRealtimeContext,
): void {
  if (payload.action === 'new-message')
    upsertChat(context.client, pushed(payload.chat, context), 'top');
}

/**
 * Keeps the chat list and the open pane current from the socket (docs/product/internal-chat-and-announcements.md Internal chat): the
 * user's chat events, the open chat's room and the company's chat list event. Raw event names
 * (they carry ids), so handled here rather than through useSocketCache. After a reconnect the
 * list and the open chat's messages are read again.
 */
export function useInternalChatRealtime(openChatId: number | null, onOpenChatGone: () => void) {
  const socket = useSocket();
  const client = useQueryClient();
  const { companyId, id: userId } = useCurrentUser();
  const gone = useRef(onOpenChatGone);
  useEffect(() => {
    gone.current = onOpenChatGone;
  }, [onOpenChatGone]);

  useEffect(() => {
    if (!socket) return;
    const context: ChatRealtimeContext = {
      client,
      userId,
      openChatId,
      onOpenChatGone: () => gone.current(),
      markRead: (chatId) => void markChatRead(client, chatId),
    };
    const offs = [
      onRawEvent(socket, 'chatUser', [companyId, userId], (p) => handleUserEvent(p, context)),
      onCompanyEvent(socket, companyId, 'chat', (p) => handleListEvent(p, context)),
    ];
    if (openChatId !== null)
      offs.push(
        onRawEvent(socket, 'chatPane', [companyId, openChatId], (p) => handleRoomEvent(p, context)),
      );
    const onReconnect = () => {
      void client.invalidateQueries({ queryKey: internalChatKeys.lists() });
      if (openChatId !== null)
        void client.invalidateQueries({ queryKey: internalChatKeys.messages(openChatId) });
    };
    socket.io.on('reconnect', onReconnect);
    return () => {
      for (const off of offs) off();
      socket.io.off('reconnect', onReconnect);
    };
  }, [socket, client, companyId, userId, openChatId]);
}

/**
 * Keeps the caller's chat lists current outside the chat page (the top bar's popover and the
 * drawer's unread dot): chats appearing, changing, leaving, and new messages with their counts.
 * Idle while `enabled` is false — the chat page binds the same events itself (with its open
 * chat, whose count it keeps at 0), so the two never write the same push twice.
 */
export function useChatListRealtime(enabled: boolean) {
  const socket = useSocket();
  const client = useQueryClient();
  const { companyId, id: userId } = useCurrentUser();

  useEffect(() => {
    if (!socket || !enabled) return;
    const context: ChatRealtimeContext = {
      client,
      userId,
      openChatId: null,
      onOpenChatGone: () => undefined,
      markRead: () => undefined,
    };
    const offs = [
      onRawEvent(socket, 'chatUser', [companyId, userId], (p) => handleUserEvent(p, context)),
      onCompanyEvent(socket, companyId, 'chat', (p) => handleListEvent(p, context)),
    ];
    const onReconnect = () => void client.invalidateQueries({ queryKey: internalChatKeys.lists() });
    socket.io.on('reconnect', onReconnect);
    return () => {
      for (const off of offs) off();
      socket.io.off('reconnect', onReconnect);
    };
  }, [socket, client, companyId, userId, enabled]);
}
