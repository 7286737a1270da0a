import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The period the dashboard shows: calendar days (YYYY-MM-DD) in the company's time zone. */
export interface DashboardPeriod {
  from: string;
  to: string;
}

/** Cache keys of the dashboard. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  index: (p: DashboardPeriod) => [...dashboardKeys.all, 'index', p.from, p.to] as const,
  ticketsUsers: (p: DashboardPeriod) => [...dashboardKeys.all, 'users', p.from, p.to] as const,
  ticketsDay: (p: DashboardPeriod) => [...dashboardKeys.all, 'day', p.from, p.to] as const,
};

/** GET /dashboard: counters and attendants of the period. */
export function useDashboard(p: DashboardPeriod) {
  return useQuery({
    queryKey: dashboardKeys.index(p),
    queryFn: ({ signal }) =>
      api.call('dashboardIndex', { query: { date_from: p.from, date_to: p.to }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /dashboard/ticketsUsers: tickets per user (chart). */
export function useTicketsPerUser(p: DashboardPeriod) {
  return useQuery({
    queryKey: dashboardKeys.ticketsUsers(p),
    queryFn: ({ signal }) =>
      api.call('dashboardTicketsUsers', {
        query: { initialDate: p.from, finalDate: p.to },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /dashboard/ticketsDay: tickets per day, or per hour of a single day (chart). */
export function useTicketsPerDay(p: DashboardPeriod) {
  return useQuery({
    queryKey: dashboardKeys.ticketsDay(p),
    queryFn: ({ signal }) =>
      api.call('dashboardTicketsDay', { query: { initialDate: p.from, finalDate: p.to }, signal }),
    placeholderData: keepPreviousData,
  });
}
