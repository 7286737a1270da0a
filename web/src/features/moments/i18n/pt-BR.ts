import type { Messages } from '../../../lib/i18n/types';

/**
 * Portuguese (Brazil) texts of the live attendance panel:
 * the source every other language must match key for key.
 */
export const momentsPtBR = {
  moments: {
    title: 'Painel de Atendimentos',
    pending: 'Pendentes',
    services_one: '{{count}} atendimento',
    services_other: '{{count}} atendimentos',
    noQueue: 'SEM FILA',
    open: 'Acessar Ticket',
    online: 'Online',
    offline: 'Offline',
    loading: 'Carregando...',
    loadError: 'Erro ao buscar os atendimentos',
  },
};

/** The shape every language fills for moments. */
export type MomentsMessages = Messages<typeof momentsPtBR>;
