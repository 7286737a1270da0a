import { ticketsChatEn } from '../conversation/i18n/en';
import { ticketsListEn } from '../list/i18n/en';
import type { TicketsMessages } from './pt-BR';

/** English: the tickets screen. */
export const ticketsEn = {
  tickets: {
    title: 'Tickets',
    hint: 'The ticket list and the conversation arrive in a later version of the console.',
    list: ticketsListEn,
    chat: ticketsChatEn,
  },
} satisfies TicketsMessages;
