import { ticketsChatPtBR } from '../conversation/i18n/pt-BR';
import { ticketsListPtBR } from '../list/i18n/pt-BR';
import type { Messages } from '../../../lib/i18n/types';

/**
 * Portuguese (Brazil) texts of the tickets screen:
 * the source every other language must match key for key.
 */
export const ticketsPtBR = {
  tickets: {
    title: 'Atendimentos',
    list: ticketsListPtBR,
    chat: ticketsChatPtBR,
  },
};

/** The shape every language fills for tickets. */
export type TicketsMessages = Messages<typeof ticketsPtBR>;
