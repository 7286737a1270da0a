import { ApiError } from '@atendo/api-client';
import type { TicketView } from '@atendo/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import type { ListTab } from './storage';

/** Who holds a contact's active ticket, as the held-by notice names them. */
export interface Holder {
  user: string;
  queue: string;
}

/** The holder named by an ERR_OTHER_OPEN_TICKET answer (null for any other error). */
export function holderOf(err: unknown): (Holder & { userId?: number; uuid?: string }) | null {
  if (!(err instanceof ApiError) || err.code !== 'ERR_OTHER_OPEN_TICKET') return null;
  const data = (err.body.data ?? {}) as {
    uuid?: string;
    userId?: number;
    user?: { name?: string } | null;
    queue?: { name?: string } | null;
  };
  return {
    user: data.user?.name ?? '',
    queue: data.queue?.name ?? '',
    userId: data.userId,
    uuid: data.uuid,
  };
}

/** The tab a ticket's status opens (docs/product/tickets.md#status-transitions: pending, open or group). */
export const tabOfStatus = (status: string): ListTab | null =>
  status === 'pending' || status === 'open' || status === 'group' ? status : null;

interface Handlers {
  /** Shows a tab (opening a ticket moves to its status's tab). */
  onTab: (tab: ListTab) => void;
  /** Shows the held-by notice. */
  onHeldBy: (holder: Holder) => void;
  /** A pending ticket without a queue: the accept modal picks one. */
  onPickQueue: (ticket: TicketView) => void;
}

/**
 * What a row and its menu do to a ticket; every change refreshes the lists and the unread
 * counters (the routes' entries in ROUTE_INVALIDATIONS, docs/development.md#data-layer).
 */
export function useTicketCommands({ onTab, onHeldBy, onPickQueue }: Handlers) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const updateTicket = useRouteMutation('ticketsUpdate');
  const deleteTicket = useRouteMutation('ticketsDelete');

  const open = (ticket: Pick<TicketView, 'uuid' | 'status'>) => {
    const tab = tabOfStatus(ticket.status);
    if (tab) onTab(tab);
    navigate(`/tickets/${ticket.uuid}`);
  };

  const update = async (ticket: TicketView, body: Record<string, unknown>) => {
    try {
      return await updateTicket.mutateAsync({ params: { id: ticket.id }, body });
    } catch (err) {
      toastError(err);
      return null;
    }
  };

  /** Accept with `queueId` (or the ticket's queue); another holder shows the notice. */
  const acceptWith = async (ticket: TicketView, queueId: number) => {
    const answer = await update(ticket, { status: 'open', userId: me.id, queueId });
    if (!answer) return;
    if (answer.id !== ticket.id && answer.userId !== me.id)
      onHeldBy({ user: answer.user?.name ?? '', queue: answer.queue?.name ?? '' });
    else open(answer);
  };

  return {
    open,
    accept: (ticket: TicketView) =>
      ticket.queueId ? acceptWith(ticket, ticket.queueId) : onPickQueue(ticket),
    acceptWith,
    close: async (ticket: TicketView) => {
      // From the list: the owner's id and no farewell message (docs/product/tickets.md#status-transitions).
      const answer = await update(ticket, { status: 'closed', userId: me.id });
      if (answer) notify.success(t('tickets.list.row.closed'));
    },
    chatbot: async (ticket: TicketView) => {
      if (await update(ticket, { chatbot: true }))
        notify.success(t('tickets.list.row.chatbotDone'));
    },
    integration: async (ticket: TicketView) => {
      if (await update(ticket, { useIntegration: true }))
        notify.success(t('tickets.list.row.integrationDone'));
    },
    remove: async (ticket: TicketView) => {
      try {
        await deleteTicket.mutateAsync({ params: { id: ticket.id } });
        notify.success(t('tickets.list.row.deleted'));
      } catch (err) {
        toastError(err);
      }
    },
    exportPdf: async (ticket: TicketView) => {
      try {
        // The exporter (and the PDF libraries it loads) is fetched at the click.
        const { exportTicketPdf } = await import('../conversation/export-ticket-pdf');
        await exportTicketPdf(ticket.uuid);
      } catch (err) {
        // PDF errors are only logged (docs/product/errors.md#error-catalogue).
        console.error(err);
      }
    },
  };
}

export type TicketCommands = ReturnType<typeof useTicketCommands>;
