import { useQueryClient } from '@tanstack/react-query';
import { SendHorizontal } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { SCROLL_MARGIN_PX } from '@/lib/infinite-scroll';
import { cn } from '@/lib/utils';
import { formatMessageTime } from './format';
import { flattenMessages, useChatMessages, type ChatMessage, type ChatRow } from './queries';
import { appendMessage, loadedChat, upsertChat } from './realtime';

/**
 * The open chat (docs/product/internal-chat-and-announcements.md Internal chat, right): its title and participants, its messages (the
 * caller's on the right, others' with their sender and time), older pages loaded as the pane
 * scrolls to the top, and the composer.
 */
export function MessagePane({ chat, userId }: { chat: ChatRow; userId: number }) {
  const { t } = useTranslation();
  const names = chat.users.map((u) => (u.userId === userId ? t('internalChat.you') : u.user.name));
  return (
    <section aria-label={chat.title} className="flex min-h-0 flex-1 flex-col">
      <header className="border-b px-4 py-3">
        <h2 className="truncate font-semibold">{chat.title}</h2>
        <p className="truncate text-sm text-muted-foreground">
          {t('internalChat.participants', { names: names.join(', ') })}
        </p>
      </header>
      <MessageList chatId={chat.id} userId={userId} />
      <Composer chatId={chat.id} />
    </section>
  );
}

function MessageList({ chatId, userId }: { chatId: number; userId: number }) {
  const { t } = useTranslation();
  const query = useChatMessages(chatId);
  const messages = flattenMessages(query.data);
  const scroller = useRef<HTMLDivElement>(null);
  const last = useRef<{ first?: number; last?: number; height: number; top: number }>({
    height: 0,
    top: 0,
  });

  // New messages at the end (and the first page) scroll to the bottom; an older page loaded
  // above keeps the messages in view where they were.
  const firstId = messages[0]?.id;
  const lastId = messages[messages.length - 1]?.id;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = last.current;
    if (lastId !== before.last) el.scrollTop = el.scrollHeight;
    else if (firstId !== before.first) el.scrollTop = el.scrollHeight - before.height + before.top;
    last.current = { first: firstId, last: lastId, height: el.scrollHeight, top: el.scrollTop };
  }, [firstId, lastId]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    last.current = { ...last.current, height: el.scrollHeight, top: el.scrollTop };
    if (el.scrollTop > SCROLL_MARGIN_PX) return;
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };

  return (
    <div
      ref={scroller}
      className="min-h-0 flex-1 overflow-y-auto bg-muted/30 px-4 py-3"
      onScroll={onScroll}
    >
      {query.isPending || query.isFetchingNextPage ? (
        <p className="py-2 text-center text-sm text-muted-foreground">
          {t('internalChat.loading')}
        </p>
      ) : null}
      {query.isSuccess && messages.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">
          {t('internalChat.noMessages')}
        </p>
      ) : null}
      <ol aria-label={t('internalChat.messages')} className="flex flex-col gap-2">
        {messages.map((m) => (
          <MessageBubble key={m.id} message={m} own={m.senderId === userId} />
        ))}
      </ol>
    </div>
  );
}

function MessageBubble({ message, own }: { message: ChatMessage; own: boolean }) {
  return (
    <li
      data-message-id={message.id}
      data-own={own ? 'true' : undefined}
      className={cn(
        'max-w-[80%] rounded-lg px-3 py-2 text-sm shadow-xs',
        own ? 'self-end bg-primary text-primary-foreground' : 'self-start bg-background',
      )}
    >
      {!own ? (
        <p className="text-xs font-semibold text-muted-foreground">{message.sender?.name ?? ''}</p>
      ) : null}
      <p className="break-words whitespace-pre-wrap">{message.message}</p>
      <p
        className={cn(
          'mt-1 text-right text-[11px]',
          own ? 'text-primary-foreground/80' : 'text-muted-foreground',
        )}
      >
        {formatMessageTime(message.createdAt)}
      </p>
    </li>
  );
}

/** The composer: Enter sends, Shift+Enter breaks the line, an empty or blank text is not sent. */
function Composer({ chatId }: { chatId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const sendMessage = useRouteMutation('chatsSendMessage');

  const send = async () => {
    const message = text.trim();
    if (!message || sending) return;
    setSending(true);
    setText('');
    try {
      const sent = await sendMessage.mutateAsync({
        params: { id: chatId },
        body: { message },
      });
      appendMessage(client, sent);
      const chat = loadedChat(client, chatId);
      if (chat)
        upsertChat(
          client,
          { ...chat, lastMessage: sent.message, updatedAt: sent.createdAt ?? chat.updatedAt },
          'top',
        );
    } catch {
      // docs/product/errors.md#console-messages: silently ignored; the text comes back to be sent again.
      setText((current) => current || message);
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    void send();
  };

  return (
    <form
      className="flex items-end gap-2 border-t p-3"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <Textarea
        rows={2}
        aria-label={t('internalChat.composer')}
        placeholder={t('internalChat.composer')}
        title={t('internalChat.composerHint')}
        className="max-h-40 min-h-10 flex-1 resize-none"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <Button
        type="submit"
        size="icon"
        aria-label={t('internalChat.send')}
        disabled={!text.trim() || sending}
      >
        <SendHorizontal />
      </Button>
    </form>
  );
}
