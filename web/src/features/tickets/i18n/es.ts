import { ticketsChatEs } from '../conversation/i18n/es';
import { ticketsListEs } from '../list/i18n/es';
import type { TicketsMessages } from './pt-BR';

/** Spanish: the tickets screen. */
export const ticketsEs = {
  tickets: {
    title: 'Tickets',
    hint: 'La lista de tickets y la conversación llegan en una próxima versión de la consola.',
    list: ticketsListEs,
    chat: ticketsChatEs,
  },
} satisfies TicketsMessages;
