import type { ChatMessageView } from '@atendo/domain';
import { format } from 'date-fns';
import { Loader2 } from 'lucide-react';
import { useLayoutEffect, useMemo, useRef, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { flattenMessages, useMessages } from '../queries';
import { MessageBubble, type MessageActions } from './message-bubble';

/** Older messages load when the list is scrolled within this many pixels of the top (docs/product/tickets.md#limits-and-constants). */
export const LOAD_OLDER_THRESHOLD_PX = 50;

/**
 * The conversation, oldest at the top. Scrolling near the top loads the previous page while
 * the view stays on the message the user was reading; a new message at the bottom follows
 * only when the user was already at the bottom.
 */
export function MessageList({
  ticketUuid,
  isGroup,
  actions,
  selecting,
  selectedIds,
  onToggleSelect,
}: {
  ticketUuid: string;
  isGroup: boolean;
  actions: MessageActions;
  selecting: boolean;
  selectedIds: ReadonlySet<number>;
  onToggleSelect(message: ChatMessageView): void;
}) {
  const { t } = useTranslation();
  const query = useMessages(ticketUuid);
  const messages = useMemo(() => flattenMessages(query.data), [query.data]);
  const ref = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const atBottom = useRef(true);
  const lastId = messages.at(-1)?.id;

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (anchor.current) {
      // an older page was prepended: keep the reader where they were
      el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
    } else if (atBottom.current) el.scrollTop = el.scrollHeight;
  }, [messages.length, lastId]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (el.scrollTop < LOAD_OLDER_THRESHOLD_PX && query.hasNextPage && !query.isFetchingNextPage) {
      anchor.current = { height: el.scrollHeight, top: el.scrollTop };
      void query.fetchNextPage();
    }
  };

  let lastDay = '';
  return (
    <div
      ref={ref}
      onScroll={onScroll}
      className="bg-muted/40 min-h-0 flex-1 overflow-y-auto py-2"
      role="log"
      aria-label={t('tickets.chat.messages')}
      data-testid="message-list"
    >
      {query.isFetchingNextPage && (
        <div className="flex justify-center p-2">
          <Loader2 className="size-4 animate-spin" aria-label={t('tickets.chat.loading')} />
        </div>
      )}
      {query.isPending && (
        <div className="flex justify-center p-6">
          <Loader2 className="size-6 animate-spin" aria-label={t('tickets.chat.loading')} />
        </div>
      )}
      {messages.map((message) => {
        const day = format(new Date(message.createdAt), 'dd/MM/yyyy');
        const showDay = day !== lastDay;
        lastDay = day;
        return (
          <div key={message.id}>
            {showDay && (
              <div className="my-2 flex justify-center">
                <span className="bg-background rounded px-2 py-0.5 text-xs shadow-sm">{day}</span>
              </div>
            )}
            <MessageBubble
              message={message}
              actions={actions}
              isGroup={isGroup}
              selecting={selecting}
              selected={selectedIds.has(message.id)}
              onToggleSelect={onToggleSelect}
            />
          </div>
        );
      })}
    </div>
  );
}
