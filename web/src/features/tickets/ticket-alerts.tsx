import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { parseVolume } from '@/features/shell/volume';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { useSocket } from '@/lib/realtime/realtime-provider';
import { onCompanyEvent } from '@/lib/realtime/socket';
import { readStorage, STORAGE_KEYS } from '@/lib/storage';
import { readMessageEvent } from './list/live-updates';
import { playNotificationBeep, shouldNotify } from './list/notifications';
import { ticketKeys, useSettingValue, useUnreadTicketsCount } from './list/queries';
import { useListViewer } from './list/use-tickets-live';
import { useTitleCounter } from './list/use-title-counter';
import { selectedTicketUuid } from './selected-ticket';

/** Unread-count refetches wait for a burst of pushes to settle. */
const UNREAD_REFETCH_DELAY_MS = 500;

/**
 * The unread tickets counter in the page title and the new-message sound, on every page of
 * the console (docs/product/overview.md#console-routes-and-shell App shell, docs/product/overview.md notification rules), not only while /tickets is open.
 */
export function TicketAlerts(): null {
  const socket = useSocket();
  const client = useQueryClient();
  const me = useCurrentUser();
  const viewer = useListViewer();
  const showPending = useSettingValue('showNotificationPending').data === 'true';
  const unread = useUnreadTicketsCount(me.allowGroup === true);
  useTitleCounter(unread.data ?? 0);
  const { pathname } = useLocation();
  const watched = useRef<string | null>(null);
  watched.current = pathname.startsWith('/tickets/')
    ? selectedTicketUuid(pathname.split('/')[2])
    : null;

  useEffect(() => {
    if (!socket) return;
    const join = () => socket.emit('joinNotification');
    join();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refetchUnread = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => void client.invalidateQueries({ queryKey: ticketKeys.unread() }),
        UNREAD_REFETCH_DELAY_MS,
      );
    };
    socket.on('connect', join);
    const offTicket = onCompanyEvent(socket, me.companyId, 'ticket', refetchUnread);
    const offMessage = onCompanyEvent(socket, me.companyId, 'appMessage', (push) => {
      if (!readMessageEvent(push)) return;
      refetchUnread();
      const watching =
        push.ticket.uuid === watched.current && document.visibilityState === 'visible';
      if (!watching && shouldNotify(push, viewer, showPending))
        playNotificationBeep(parseVolume(readStorage(STORAGE_KEYS.volume)));
    });
    return () => {
      clearTimeout(timer);
      socket.off('connect', join);
      offTicket();
      offMessage();
    };
  }, [socket, client, me.companyId, viewer, showPending]);
  return null;
}
