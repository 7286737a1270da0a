import { ticketsChatEs } from '../conversation/i18n/es';
import { ticketsListEs } from '../list/i18n/es';
import type { TicketsMessages } from './pt-BR';

/** Spanish: the tickets screen. */
export const ticketsEs = {
  tickets: {
    title: 'Tickets',
    list: ticketsListEs,
    chat: ticketsChatEs,
  },
} satisfies TicketsMessages;
