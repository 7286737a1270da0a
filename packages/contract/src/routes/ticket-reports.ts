import { ticketReportQuery, ticketReportView } from '@atendo/domain';
import { route } from '../define.js';

/**
 * Ticket reports (docs/product/dashboard-and-reports.md "Ticket reports page", docs/product/dashboard-and-reports.md#routes "Reports"). Any logged-in user may call;
 * the use case requires the dashboard permission (admin or showDashboard), else
 * ERR_NO_PERMISSION.
 */
export const ticketReportsRoutes = {
  ticketReportsIndex: route({
    method: 'GET',
    path: '/ticketreport/reports',
    access: 'user',
    tag: 'reports',
    summary: "A page of the company's tickets with times and ratings, and how many match",
    description:
      'Lists (`users`, `queueIds`, `whatsappId`, `status`) take the JSON text `[1,2]`, `1,2` or ' +
      'repeated parameters. `dateFrom`/`dateTo` are days of the company time zone (default: the ' +
      'first of the current month to today). `pageSize` above 10000 (the export asks for ' +
      '9999999) is served as 10000 rows per request. Newest tickets first.',
    query: ticketReportQuery,
    response: ticketReportView,
  }),
} as const;
