import {
  dashboardChartQuery,
  dashboardMomentsQuery,
  dashboardQuery,
  dashboardView,
  momentTicketView,
  ticketsDayView,
  ticketsUsersView,
} from '@atendo/domain';
import { z } from 'zod';
import { route } from '../define.js';

/**
 * The dashboard (docs/product/dashboard-and-reports.md#routes "Dashboard"). Every route needs a logged-in user; the use cases
 * then require the dashboard permission (admin or showDashboard), or for the live lists the
 * real-time panel (allowRealTime) — else ERR_NO_PERMISSION.
 */
export const dashboardRoutes = {
  dashboardIndex: route({
    method: 'GET',
    path: '/dashboard',
    access: 'user',
    tag: 'dashboard',
    summary: 'Counters and attendants of a period (days, or date_from..date_to)',
    query: dashboardQuery,
    response: dashboardView,
  }),
  dashboardTicketsUsers: route({
    method: 'GET',
    path: '/dashboard/ticketsUsers',
    access: 'user',
    tag: 'dashboard',
    summary: 'Tickets per user in initialDate..finalDate (chart)',
    query: dashboardChartQuery,
    response: ticketsUsersView,
  }),
  dashboardTicketsDay: route({
    method: 'GET',
    path: '/dashboard/ticketsDay',
    access: 'user',
    tag: 'dashboard',
    summary: 'Tickets per day, or per hour for a single day, in initialDate..finalDate (chart)',
    query: dashboardChartQuery,
    response: ticketsDayView,
  }),
  dashboardMoments: route({
    method: 'GET',
    path: '/dashboard/moments',
    access: 'user',
    tag: 'dashboard',
    summary: 'Tickets by status, queues, user and creation days (30 days by default)',
    query: dashboardMomentsQuery,
    response: z.array(momentTicketView),
  }),
  usersMoments: route({
    method: 'GET',
    path: '/usersMoments',
    access: 'user',
    tag: 'dashboard',
    summary: 'Open and pending tickets with their users, for the live attendance panel',
    response: z.array(momentTicketView),
  }),
} as const;
