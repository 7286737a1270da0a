import { ticketsChatEn } from '../conversation/i18n/en';
import { ticketsListEn } from '../list/i18n/en';
import type { TicketsMessages } from './pt-BR';

/** English: the tickets screen. */
export const ticketsEn = {
  tickets: {
    title: 'Tickets',
    list: ticketsListEn,
    chat: ticketsChatEn,
  },
} satisfies TicketsMessages;
