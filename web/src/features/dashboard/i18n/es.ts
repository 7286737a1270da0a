import type { DashboardMessages } from './pt-BR';

/** Spanish: the dashboard. */
export const dashboardEs = {
  dashboard: {
    title: 'Dashboard',
    hint: 'Indicadores, NPS y agentes llegan en una próxima versión de la consola.',
  },
} satisfies DashboardMessages;
