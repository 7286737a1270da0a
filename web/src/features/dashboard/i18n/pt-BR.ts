import type { Messages } from '../../../lib/i18n/types';

/**
 * Portuguese (Brazil) texts of the dashboard:
 * the source every other language must match key for key.
 */
export const dashboardPtBR = {
  dashboard: {
    title: 'Dashboard',
    hint: 'Indicadores, NPS e atendentes chegam em uma próxima versão do console.',
  },
};

/** The shape every language fills for dashboard. */
export type DashboardMessages = Messages<typeof dashboardPtBR>;
