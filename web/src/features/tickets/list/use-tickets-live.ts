import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { useSocket } from '@/lib/realtime/realtime-provider';
import { onCompanyEvent } from '@/lib/realtime/socket';
import { onReconnect } from '@/lib/realtime/use-socket-cache';
import {
  applyTicketEvent,
  readMessageEvent,
  readTicketEvent,
  type ListViewer,
} from './live-updates';
import { ticketKeys } from './queries';
import type { ListTab } from './storage';

/** Unread-count refetches wait for a burst of pushes to settle. */
const UNREAD_REFETCH_DELAY_MS = 500;

/** The viewer the live rules read, from the logged-in user. */
export function useListViewer(): ListViewer {
  const me = useCurrentUser();
  return useMemo(
    () => ({
      id: me.id,
      admin: me.profile === 'admin',
      allTicket: me.allTicket,
      queueIds: (me.queues ?? []).map((q) => q.id),
    }),
    [me.id, me.profile, me.allTicket, me.queues],
  );
}

/**
 * Keeps the tickets lists live (docs/product/tickets.md#status-transitions): joins the tab's status room and the notification
 * rooms, applies ticket and appMessage pushes to every cached list and refreshes the unread
 * counter (the title and the sound are TicketAlerts', on every page).
 */
export function useTicketsLive(tab: ListTab): void {
  const socket = useSocket();
  const client = useQueryClient();
  const { companyId } = useCurrentUser();
  const viewer = useListViewer();

  useEffect(() => {
    if (!socket || tab === 'search') return;
    const join = () => socket.emit('joinTickets', tab);
    join();
    socket.on('connect', join);
    return () => {
      socket.off('connect', join);
      socket.emit('leaveTickets', tab);
    };
  }, [socket, tab]);

  useEffect(() => {
    if (!socket) return;
    const joinNotification = () => socket.emit('joinNotification');
    joinNotification();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refetchUnread = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => void client.invalidateQueries({ queryKey: ticketKeys.unread() }),
        UNREAD_REFETCH_DELAY_MS,
      );
    };
    socket.on('connect', joinNotification);
    const offTicket = onCompanyEvent(socket, companyId, 'ticket', (payload) => {
      applyTicketEvent(client, readTicketEvent(payload), viewer);
      refetchUnread();
    });
    const offMessage = onCompanyEvent(socket, companyId, 'appMessage', (payload) => {
      const event = readMessageEvent(payload);
      if (!event) return;
      applyTicketEvent(client, event, viewer);
      refetchUnread();
    });
    // Pushes may have been missed while disconnected: the lists are read again.
    const offReconnect = onReconnect(
      socket,
      () => void client.invalidateQueries({ queryKey: ticketKeys.all }),
    );
    return () => {
      clearTimeout(timer);
      socket.off('connect', joinNotification);
      offTicket();
      offMessage();
      offReconnect();
    };
  }, [socket, client, companyId, viewer]);
}
