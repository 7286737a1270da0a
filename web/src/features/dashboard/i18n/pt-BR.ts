import type { Messages } from '../../../lib/i18n/types';

/**
 * Portuguese (Brazil) texts of the dashboard:
 * the source every other language must match key for key.
 */
export const dashboardPtBR = {
  dashboard: {
    title: 'Dashboard',
    showFilter: 'Mostrar filtro',
    hideFilter: 'Ocultar filtro',
    dateFrom: 'Data inicial',
    dateTo: 'Data final',
    filter: 'Filtrar',
    loading: 'Carregando...',
    loadError: 'Erro ao buscar informações dos tickets',
    tabs: {
      indicators: 'Indicadores',
      nps: 'NPS',
      attendants: 'Atendentes',
    },
    indicators: 'Indicadores',
    supportHappening: 'Em atendimento',
    supportPending: 'Aguardando',
    supportFinished: 'Finalizados',
    supportGroups: 'Grupos',
    leads: 'Novos contatos',
    tickets: 'Atendimentos',
    nps: 'Pesquisa de satisfação (NPS)',
    npsScore: 'Nota NPS',
    npsPromoters: 'Promotores',
    npsPassives: 'Neutros',
    npsDetractors: 'Detratores',
    services: 'Atendimentos',
    activeTickets: 'Ativos',
    passiveTickets: 'Receptivos',
    avgWaitTime: 'T.M. de espera',
    avgSupportTime: 'T.M. de atendimento',
    ratingIndex: 'Índice de avaliação',
    withRating: 'Avaliados',
    withoutRating: 'Sem avaliação',
    waitRating: 'Aguardando avaliação',
    percRating: 'Índice de avaliação',
    attendants: 'Atendentes',
    attendant: {
      name: 'Nome',
      rating: 'Avaliação',
      tickets: 'Atendimentos',
      status: 'Status (atual)',
      online: 'Online',
      offline: 'Offline',
    },
    chartUsers: 'Atendimentos por usuário',
    chartDays: 'Atendimentos por dia',
  },
};

/** The shape every language fills for dashboard. */
export type DashboardMessages = Messages<typeof dashboardPtBR>;
