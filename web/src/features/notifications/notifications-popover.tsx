import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useListViewer } from '@/features/tickets/list/use-tickets-live';
import { useSettingValue } from '@/features/tickets/list/queries';
import { TopBarPopover } from '@/features/shell/empty-popover';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { notifies, useUnreadTickets } from './queries';

/**
 * The top bar's notifications (docs/product/tickets.md#the-tickets-screen, docs/product/tickets.md#status-transitions): the tickets with unread messages the user is
 * notified of, each opening /tickets/{uuid}; the badge counts them.
 */
export function NotificationsPopover() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const viewer = useListViewer();
  const showPending = useSettingValue('showNotificationPending').data === 'true';
  const unread = useUnreadTickets(me.allowGroup === true);
  const tickets = (unread.data ?? []).filter((ticket) => notifies(ticket, viewer, showPending));

  return (
    <TopBarPopover
      icon={Bell}
      label={t('shell.notifications')}
      empty={t('shell.noNotifications')}
      count={tickets.length}
      countLabel={t('notifications.unread', { count: tickets.length })}
    >
      {tickets.length ? (
        <ul aria-label={t('shell.notifications')} className="divide-y">
          {tickets.map((ticket) => {
            const name = ticket.contact?.name ?? t('notifications.noContact');
            return (
              <li key={ticket.id}>
                <Link
                  to={`/tickets/${ticket.uuid}`}
                  aria-label={t('notifications.open', { name })}
                  className="flex items-start gap-3 px-4 py-3 hover:bg-accent focus-visible:bg-accent focus-visible:outline-hidden"
                >
                  <span
                    aria-hidden
                    className="mt-1 size-2.5 shrink-0 rounded-full bg-muted-foreground"
                    style={ticket.queue?.color ? { backgroundColor: ticket.queue.color } : {}}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium">{name}</span>
                    <span className="block truncate text-xs text-muted-foreground">
                      {ticket.lastMessage || t('notifications.noMessage')}
                    </span>
                  </span>
                  <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">
                    {ticket.unreadMessages}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
    </TopBarPopover>
  );
}
