import { Pencil, Trash2 } from 'lucide-react';
import type { UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { formatChatTime } from './format';
import { unreadsOf, type ChatRow } from './queries';

/**
 * The caller's chats (docs/product/internal-chat-and-announcements.md Internal chat, left): title, last message, the caller's unread
 * count and the time of the latest activity. Clicking one selects it; its owner also sees
 * edit and delete.
 */
export function ChatList({
  chats,
  userId,
  selectedId,
  pending,
  onSelect,
  onEdit,
  onDelete,
  onScroll,
}: {
  chats: ChatRow[];
  userId: number;
  selectedId: number | null;
  pending: boolean;
  onSelect: (chat: ChatRow) => void;
  onEdit: (chat: ChatRow) => void;
  onDelete: (chat: ChatRow) => void;
  onScroll: (e: UIEvent<HTMLElement>) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="min-h-0 flex-1 overflow-y-auto" onScroll={onScroll}>
      <ul aria-label={t('internalChat.chats')} className="divide-y">
        {chats.map((chat) => {
          const unreads = unreadsOf(chat, userId);
          const selected = chat.id === selectedId;
          return (
            <li
              key={chat.id}
              aria-label={chat.title}
              aria-current={selected ? 'true' : undefined}
              data-chat-id={chat.id}
              className={cn('flex items-start gap-1 px-2 py-1', selected && 'bg-accent')}
            >
              <button
                type="button"
                className="flex min-w-0 flex-1 flex-col gap-0.5 rounded-md p-2 text-left outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50"
                onClick={() => onSelect(chat)}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate font-medium">{chat.title}</span>
                  <span className="shrink-0 text-xs text-muted-foreground">
                    {formatChatTime(chat.updatedAt)}
                  </span>
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate text-sm text-muted-foreground">
                    {chat.lastMessage || t('internalChat.noLastMessage')}
                  </span>
                  {unreads > 0 ? (
                    <Badge
                      className="rounded-full"
                      aria-label={t('internalChat.unread', { count: unreads })}
                    >
                      {unreads}
                    </Badge>
                  ) : null}
                </span>
              </button>
              {chat.ownerId === userId ? (
                <div className="flex shrink-0 flex-col">
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-7"
                    aria-label={t('internalChat.edit', { title: chat.title })}
                    onClick={() => onEdit(chat)}
                  >
                    <Pencil />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-7"
                    aria-label={t('internalChat.delete', { title: chat.title })}
                    onClick={() => onDelete(chat)}
                  >
                    <Trash2 />
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {pending ? (
        <p className="p-4 text-center text-sm text-muted-foreground">{t('internalChat.loading')}</p>
      ) : chats.length === 0 ? (
        <p className="p-4 text-center text-sm text-muted-foreground">{t('internalChat.empty')}</p>
      ) : null}
    </div>
  );
}
