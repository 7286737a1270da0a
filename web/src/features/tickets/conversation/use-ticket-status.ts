import { ApiError } from '@atendo/api-client';
import { type TicketView } from '@atendo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import type { TicketHolder } from './dialogs/accept-ticket-dialog';
import { chatKeys, useCompanySettings } from './queries';

/** The holder an ERR_OTHER_OPEN_TICKET answer names, or null for any other error. */
function holderOfError(err: unknown): TicketHolder | null {
  if (!(err instanceof ApiError) || err.code !== 'ERR_OTHER_OPEN_TICKET') return null;
  const data = (err.body.data ?? {}) as {
    user?: { name?: string } | null;
    queue?: { name?: string } | null;
  };
  return { user: data.user?.name ?? '', queue: data.queue?.name ?? '' };
}

/**
 * The status changes of the open ticket (docs/product/tickets.md#status-transitions): accept, return to queue, resolve,
 * reopen, ignore and delete; each refreshes the ticket lists (the routes' entries in
 * ROUTE_INVALIDATIONS, docs/development.md#data-layer) and moves the user on.
 */
export function useTicketStatus(ticket: TicketView) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const client = useQueryClient();
  const settings = useCompanySettings(me.companyId);
  const [holder, setHolder] = useState<TicketHolder | null>(null);
  const [pickQueue, setPickQueue] = useState(false);
  const [busy, setBusy] = useState(false);
  const updateTicket = useRouteMutation('ticketsUpdate', {
    // The header shows the new status at once, without waiting for the socket's copy.
    onSuccess: (answer) => {
      if (answer.uuid === ticket.uuid) client.setQueryData(chatKeys.ticket(ticket.uuid), answer);
    },
  });
  const ignoreTicket = useRouteMutation('ticketsIgnore');
  const deleteTicket = useRouteMutation('ticketsDelete');
  const greet = useRouteMutation('messagesStore');

  const update = async (body: Record<string, unknown>): Promise<TicketView | null> => {
    setBusy(true);
    try {
      return await updateTicket.mutateAsync({ params: { id: ticket.id }, body });
    } catch (err) {
      const held = holderOfError(err);
      if (held) setHolder(held);
      else toastError(err);
      return null;
    } finally {
      setBusy(false);
    }
  };

  /** Another user holds the contact's active ticket when the answer is another ticket. */
  const heldElsewhere = (answer: TicketView) => {
    if (answer.id === ticket.id) return false;
    setHolder({ user: answer.user?.name ?? '', queue: answer.queue?.name ?? '' });
    return true;
  };

  const greetAfterAccept = async (answer: TicketView) => {
    const s = settings.data ?? {};
    const text = s.greetingAcceptedMessage?.trim();
    const groupOk = !ticket.isGroup || ticket.whatsapp?.groupAsTicket === 'enabled';
    if (s.sendGreetingAccepted !== 'enabled' || !text || ticket.status !== 'pending' || !groupOk)
      return;
    try {
      await greet.mutateAsync({
        params: { ticketId: answer.uuid },
        body: { body: text, isPrivate: false },
      });
    } catch (err) {
      toastError(err);
    }
  };

  const accept = async (queueId?: number) => {
    const queue = queueId ?? ticket.queueId;
    if (!queue) {
      setPickQueue(true);
      return;
    }
    const answer = await update({ status: 'open', userId: me.id, queueId: queue });
    if (!answer || heldElsewhere(answer)) return;
    await greetAfterAccept(answer);
    navigate(`/tickets/${answer.uuid}`);
  };

  const returnToQueue = async () => {
    if (await update({ status: 'pending' })) navigate('/tickets');
  };

  const resolve = async (sendFarewellMessage = true) => {
    const answer = await update({ status: 'closed', userId: me.id, sendFarewellMessage });
    if (!answer) return;
    // 'nps': the rating was asked; the ticket closes once the contact answers
    if (answer.status === 'nps') notify.info(t('tickets.chat.ratingAsked'));
    navigate('/tickets');
  };

  const reopen = async () => {
    const answer = await update({ status: 'open', userId: me.id });
    if (!answer || heldElsewhere(answer)) return;
    navigate(`/tickets/${answer.uuid}`);
  };

  const ignore = async () => {
    setBusy(true);
    try {
      await ignoreTicket.mutateAsync({ params: { id: ticket.id } });
      notify.success(t('tickets.chat.ignored'));
      navigate('/tickets');
    } catch {
      notify.error(t('tickets.chat.ignoreFailed'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await deleteTicket.mutateAsync({ params: { id: ticket.id } });
      navigate('/tickets');
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return {
    busy,
    holder,
    clearHolder: () => setHolder(null),
    pickQueue,
    setPickQueue,
    accept,
    returnToQueue,
    resolve,
    reopen,
    ignore,
    remove,
  };
}
