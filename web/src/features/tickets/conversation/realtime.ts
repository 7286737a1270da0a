import { companyEvent, type ChatMessageView, type TicketView } from '@atendo/domain';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { useSocket } from '@/lib/realtime/realtime-provider';
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

    const onMessage = (payload: {
      action?: string;
      message?: ChatMessageView;
      ticket?: { id?: number; uuid?: string };
    }) => {
      const message = payload?.message;
      if (!message || (message.ticketId !== id && payload.ticket?.uuid !== uuid)) return;
      applyMessage(client, uuid, String(payload.action), message);
    };
    const onTicket = (payload: { action?: string; ticket?: TicketView; ticketId?: number }) => {
      if (payload?.action === 'update' && payload.ticket?.uuid === uuid)
        client.setQueryData<TicketView>(chatKeys.ticket(uuid), (old) =>
          old ? { ...old, ...payload.ticket } : payload.ticket,
        );
      else if (payload?.action === 'delete' && Number(payload.ticketId) === id) {
        client.removeQueries({ queryKey: chatKeys.ticket(uuid) });
        navigate('/tickets');
      }
    };
    const onReconnect = () => {
      void client.invalidateQueries({ queryKey: chatKeys.messages(uuid) });
      void client.invalidateQueries({ queryKey: chatKeys.ticket(uuid) });
    };
    const messageEvent = companyEvent(companyId, 'appMessage');
    const ticketEvent = companyEvent(companyId, 'ticket');
    socket.on(messageEvent, onMessage);
    socket.on(ticketEvent, onTicket);
    socket.io.on('reconnect', onReconnect);
    return () => {
      socket.emit('joinChatBoxLeave', uuid);
      socket.off('connect', join);
      socket.off(messageEvent, onMessage);
      socket.off(ticketEvent, onTicket);
      socket.io.off('reconnect', onReconnect);
    };
  }, [socket, client, navigate, companyId, id, uuid]);
}
