import type { DashboardMessages } from './pt-BR';

/** English: the dashboard. */
export const dashboardEn = {
  dashboard: {
    title: 'Dashboard',
    hint: 'Indicators, NPS and attendants arrive in a later version of the console.',
  },
} satisfies DashboardMessages;
