import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import {
  internalChatKeys,
  type ChatMessage,
  type ChatRow,
  type ChatsData,
  type MessagesData,
} from './queries';
import {
  chatRoomEvent,
  chatUserEvent,
  handleListEvent,
  handleRoomEvent,
  handleUserEvent,
  type ChatRealtimeContext,
} from './realtime';

const ME = 7;

const chat = (
  id: number,
  title: string,
  unreads = 0,
  overrides: Partial<ChatRow> = {},
): ChatRow => ({
  id,
  uuid: `uuid-${id}`,
  title,
  ownerId: ME,
  lastMessage: null,
  createdAt: null,
  updatedAt: null,
  users: [
    { userId: ME, unreads, user: { id: ME, name: 'Ana Admin' } },
    { userId: 8, unreads: 0, user: { id: 8, name: 'Bruno' } },
  ],
  ...overrides,
});

const message = (id: number, chatId: number, text: string): ChatMessage => ({
  id,
  chatId,
  senderId: 8,
  message: text,
  createdAt: '2025-01-01T10:00:00.000Z',
  sender: { id: 8, name: 'Bruno' },
});

function setup(openChatId: number | null = 1) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const list: ChatsData = {
    pages: [{ records: [chat(1, 'Equipe'), chat(2, 'Vendas', 3)], count: 2, hasMore: false }],
    pageParams: [1],
  };
  client.setQueryData(internalChatKeys.list(''), list);
  client.setQueryData(internalChatKeys.list('vend'), {
    pages: [{ records: [chat(2, 'Vendas', 3)], count: 1, hasMore: false }],
    pageParams: [1],
  } satisfies ChatsData);
  const messages: MessagesData = {
    pages: [
      { records: [message(21, 1, 'novo'), message(22, 1, 'mais novo')], hasMore: true },
      { records: [message(1, 1, 'antigo')], hasMore: false },
    ],
    pageParams: [1, 2],
  };
  client.setQueryData(internalChatKeys.messages(1), messages);
  const context: ChatRealtimeContext = {
    client,
    userId: ME,
    openChatId,
    onOpenChatGone: vi.fn(),
    markRead: vi.fn(),
  };
  return { client, context };
}

const titles = (client: QueryClient, search = '') =>
  client
    .getQueryData<ChatsData>(internalChatKeys.list(search))!
    .pages.flatMap((p) => p.records.map((c) => c.title));
const newest = (client: QueryClient, chatId = 1) =>
  client
    .getQueryData<MessagesData>(internalChatKeys.messages(chatId))!
    .pages[0]!.records.map((m) => m.message);

describe('internal chat realtime', () => {
  it('names the raw events with the company, user and chat ids', () => {
    expect(chatUserEvent(2, 7)).toBe('company-2-chat-user-7');
    expect(chatRoomEvent(2, 9)).toBe('company-2-chat-9');
  });

  it('appends a new message of the open chat, moves the chat first and reads it', () => {
    const { client, context } = setup(1);
    handleRoomEvent(
      {
        action: 'new-message',
        newMessage: message(23, 1, 'chegou'),
        chat: chat(1, 'Equipe', 1, { lastMessage: 'chegou' }),
      },
      context,
    );
    expect(newest(client)).toEqual(['novo', 'mais novo', 'chegou']);
    expect(titles(client)).toEqual(['Equipe', 'Vendas']);
    const first = client.getQueryData<ChatsData>(internalChatKeys.list(''))!.pages[0]!.records[0]!;
    expect(first.lastMessage).toBe('chegou');
    // The open chat is being read: no unread badge for the caller.
    expect(first.users.find((u) => u.userId === ME)!.unreads).toBe(0);
    expect(context.markRead).toHaveBeenCalledWith(1);

    // The same message again (the sender's own answer and the push) shows once.
    handleRoomEvent(
      {
        action: 'new-message',
        newMessage: message(23, 1, 'chegou'),
        chat: chat(1, 'Equipe', 1, { lastMessage: 'chegou' }),
      },
      context,
    );
    expect(newest(client)).toEqual(['novo', 'mais novo', 'chegou']);
  });

  it('ignores a message of a chat that is not open', () => {
    const { client, context } = setup(2);
    handleRoomEvent(
      {
        action: 'new-message',
        newMessage: message(23, 1, 'chegou'),
        chat: chat(1, 'Equipe', 1, { lastMessage: 'chegou' }),
      },
      context,
    );
    expect(newest(client)).toEqual(['novo', 'mais novo']);
    expect(context.markRead).not.toHaveBeenCalled();
  });

  it('moves a chat with a new message first with its unread count', () => {
    const { client, context } = setup(null);
    handleListEvent({ action: 'new-message', chat: chat(2, 'Vendas', 4) }, context);
    expect(titles(client)).toEqual(['Vendas', 'Equipe']);
    const vendas = client.getQueryData<ChatsData>(internalChatKeys.list(''))!.pages[0]!.records[0]!;
    expect(vendas.users.find((u) => u.userId === ME)!.unreads).toBe(4);
  });

  it('adds a created chat first where the search matches, patches an update in place', () => {
    const { client, context } = setup(null);
    handleUserEvent({ action: 'create', chat: chat(3, 'Suporte') }, context);
    expect(titles(client)).toEqual(['Suporte', 'Equipe', 'Vendas']);
    expect(titles(client, 'vend')).toEqual(['Vendas']);

    handleUserEvent({ action: 'update', chat: chat(3, 'Suporte técnico') }, context);
    expect(titles(client)).toEqual(['Suporte técnico', 'Equipe', 'Vendas']);
    handleUserEvent({ action: 'update', chat: chat(2, 'Vendas sul') }, context);
    expect(titles(client)).toEqual(['Suporte técnico', 'Equipe', 'Vendas sul']);
  });

  it('drops a deleted chat and leaves it when it was open', () => {
    const { client, context } = setup(1);
    handleUserEvent({ action: 'delete', id: 2 }, context);
    expect(titles(client)).toEqual(['Equipe']);
    expect(context.onOpenChatGone).not.toHaveBeenCalled();

    handleUserEvent({ action: 'delete', id: 1 }, context);
    expect(titles(client)).toEqual([]);
    expect(client.getQueryData(internalChatKeys.messages(1))).toBeUndefined();
    expect(context.onOpenChatGone).toHaveBeenCalledTimes(1);
  });
});
