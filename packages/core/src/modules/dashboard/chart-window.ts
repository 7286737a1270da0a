import { AppError, type DashboardChartQuery } from '@atendo/domain';

/** The days of a chart call; both are needed ('Parametrize o filtro' otherwise). */
export function chartWindow(q: DashboardChartQuery): { from: string; to: string } {
  if (!q.initialDate || !q.finalDate) throw new AppError('ERR_DASHBOARD_FILTER_REQUIRED');
  return { from: q.initialDate, to: q.finalDate };
}
