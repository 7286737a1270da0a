import type { ChatMessageView, TicketView } from '@atendo/domain';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { useSocket } from '@/lib/realtime/realtime-provider';
import { onCompanyEvent } from '@/lib/realtime/socket';
import { chatKeys, type MessagesData } from './queries';

/** Puts a created or updated message into the cached conversation (newest page holds new ones). */
export function applyMessage(
  client: QueryClient,
  uuid: string,
  action: string,
  message: ChatMessageView,
): void {
  client.setQueryData<MessagesData>(chatKeys.messages(uuid), (data) => {
    if (!data) return data;
    const known = data.pages.some((p) => p.messages.some((m) => m.id === message.id));
    if (known)
      return {
        ...data,
        pages: data.pages.map((p) => ({
          ...p,
          messages: p.messages.map((m) => (m.id === message.id ? { ...m, ...message } : m)),
        })),
      };
    if (action !== 'create') return data;
    const [newest, ...older] = data.pages;
    if (!newest) return data;
    return { ...data, pages: [{ ...newest, messages: [...newest.messages, message] }, ...older] };
  });
}

/**
 * The open conversation's live part: joins the ticket's chat-box room while it is shown, puts
 * new and changed messages into the cache, follows ticket updates, and leaves for /tickets
 * when the ticket is deleted. (Handled here rather than through useSocketCache: each event
 * concerns this one ticket, which a module-level binding cannot name.)
 */
export function useConversationRealtime(ticket: Pick<TicketView, 'id' | 'uuid'> | undefined) {
  const socket = useSocket();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { companyId } = useCurrentUser();
  const id = ticket?.id;
  const uuid = ticket?.uuid;

  useEffect(() => {
    if (!socket || !uuid || id === undefined) return;
    const join = () => socket.emit('joinChatBox', uuid);
    if (socket.connected) join();
    socket.on('connect', join);

    const offMessage = onCompanyEvent(socket, companyId, 'appMessage', (payload) => {
      const { message } = payload;
      if (message.ticketId !== id && payload.ticket.uuid !== uuid) return;
      applyMessage(client, uuid, payload.action, message);
    });
    const offTicket = onCompanyEvent(socket, companyId, 'ticket', (payload) => {
      if (payload.action === 'update' && payload.ticket.uuid === uuid) {
        const { ticket: pushed } = payload;
        client.setQueryData<TicketView>(chatKeys.ticket(uuid), (old) =>
          old ? { ...old, ...pushed } : pushed,
        );
      } else if (payload.action === 'delete' && payload.ticketId === id) {
        client.removeQueries({ queryKey: chatKeys.ticket(uuid) });
        navigate('/tickets');
      }
    });
    const onReconnect = () => {
      void client.invalidateQueries({ queryKey: chatKeys.messages(uuid) });
      void client.invalidateQueries({ queryKey: chatKeys.ticket(uuid) });
    };
    socket.io.on('reconnect', onReconnect);
    return () => {
      socket.emit('joinChatBoxLeave', uuid);
      socket.off('connect', join);
      offMessage();
      offTicket();
      socket.io.off('reconnect', onReconnect);
    };
  }, [socket, client, navigate, companyId, id, uuid]);
}
