import type { ModuleHttp } from '../../http/define-routes.js';
import { listTicketReports } from '@atendo/core/modules/ticket-reports/list-ticket-reports.js';

export const ticketReportsHttp: ModuleHttp = (ctx) => ({
  handlers: {
    ticketReportsIndex: async ({ auth, query }) => listTicketReports(ctx, { auth, query }),
  },
});
