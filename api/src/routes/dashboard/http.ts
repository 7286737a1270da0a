import type { ModuleHttp } from '../../http/define-routes.js';
import { countTicketsPerDay } from '@atendo/core/modules/dashboard/count-tickets-per-day.js';
import { countTicketsPerUser } from '@atendo/core/modules/dashboard/count-tickets-per-user.js';
import { getDashboard } from '@atendo/core/modules/dashboard/get-dashboard.js';
import { listMomentTickets } from '@atendo/core/modules/dashboard/list-moment-tickets.js';
import { listUsersMoments } from '@atendo/core/modules/dashboard/list-users-moments.js';

export const dashboardHttp: ModuleHttp = (ctx) => ({
  handlers: {
    dashboardIndex: async ({ auth, query }) => getDashboard(ctx, { auth, query }),
    dashboardTicketsUsers: async ({ auth, query }) => countTicketsPerUser(ctx, { auth, query }),
    dashboardTicketsDay: async ({ auth, query }) => countTicketsPerDay(ctx, { auth, query }),
    dashboardMoments: async ({ auth, query }) => listMomentTickets(ctx, { auth, query }),
    usersMoments: async ({ auth }) => listUsersMoments(ctx, { auth }),
  },
});
