import { ticketsChatTr } from '../conversation/i18n/tr';
import { ticketsListTr } from '../list/i18n/tr';
import type { TicketsMessages } from './pt-BR';

/** Turkish: the tickets screen. */
export const ticketsTr = {
  tickets: {
    title: 'Talepler',
    list: ticketsListTr,
    chat: ticketsChatTr,
  },
} satisfies TicketsMessages;
