import { MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatChatTime } from '@/features/chats/format';
import { unreadsOf } from '@/features/chats/queries';
import { TopBarPopover } from './empty-popover';
import { useShellChats } from './shell-indicators';

/**
 * The top bar's internal chats (docs/product/overview.md#console-routes-and-shell App shell): the caller's chats, latest activity
 * first, each with its last message and the caller's unread count, opening /chats/{uuid}; the
 * icon's badge is the unread total. Live through the shell's chat socket listener.
 */
export function ChatsPopover() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { chats, unreads, userId } = useShellChats();

  return (
    <TopBarPopover
      icon={MessagesSquare}
      label={t('shell.chats')}
      empty={t('shell.noChats')}
      count={unreads}
      countLabel={t('internalChat.unread', { count: unreads })}
      open={open}
      onOpenChange={setOpen}
    >
      {chats.length ? (
        <ul aria-label={t('shell.chats')} className="divide-y">
          {chats.map((chat) => {
            const count = unreadsOf(chat, userId);
            return (
              <li key={chat.id}>
                <Link
                  to={`/chats/${chat.uuid}`}
                  aria-label={
                    count > 0
                      ? t('shell.openChatUnread', {
                          title: chat.title,
                          unread: t('internalChat.unread', { count }),
                        })
                      : t('shell.openChat', { title: chat.title })
                  }
                  onClick={() => setOpen(false)}
                  className="flex items-start gap-3 px-4 py-3 hover:bg-accent focus-visible:bg-accent focus-visible:outline-hidden"
                >
                  <span className="min-w-0 flex-1">
                    <span className="flex items-center justify-between gap-2">
                      <span className="truncate text-sm font-medium">{chat.title}</span>
                      <span className="shrink-0 text-xs text-muted-foreground">
                        {formatChatTime(chat.updatedAt)}
                      </span>
                    </span>
                    <span className="block truncate text-xs text-muted-foreground">
                      {chat.lastMessage || t('internalChat.noLastMessage')}
                    </span>
                  </span>
                  {count > 0 ? (
                    <span
                      data-testid="chat-unreads"
                      className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground"
                    >
                      {count}
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
    </TopBarPopover>
  );
}
