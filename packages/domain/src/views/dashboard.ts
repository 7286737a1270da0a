import { z } from 'zod';
import { isoDate } from './common.js';

/** The dashboard's counters (docs/product/dashboard-and-reports.md "Dashboard counters"); times in minutes. */
export const dashboardCountersView = z.object({
  supportHappening: z.number(),
  supportPending: z.number(),
  supportFinished: z.number(),
  supportGroups: z.number(),
  leads: z.number(),
  avgSupportTime: z.number(),
  avgWaitTime: z.number(),
  activeTickets: z.number(),
  passiveTickets: z.number(),
  npsScore: z.number(),
  npsPromotersPerc: z.number(),
  npsPassivePerc: z.number(),
  npsDetractorsPerc: z.number(),
  npsPromotersCount: z.number(),
  npsPassiveCount: z.number(),
  npsDetractorsCount: z.number(),
  tickets: z.number(),
  waitRating: z.number(),
  withoutRating: z.number(),
  withRating: z.number(),
  percRating: z.number(),
});
export type DashboardCounters = z.output<typeof dashboardCountersView>;

/** One row of the Atendentes table (docs/product/dashboard-and-reports.md "Attendant row"); times in minutes. */
export const dashboardAttendantView = z.object({
  id: z.number(),
  name: z.string(),
  online: z.boolean(),
  rating: z.number(),
  countRating: z.number(),
  tickets: z.number(),
  avgWaitTime: z.number(),
  avgSupportTime: z.number(),
});
export type DashboardAttendant = z.output<typeof dashboardAttendantView>;

/** GET /dashboard. */
export const dashboardView = z.object({
  counters: dashboardCountersView,
  attendants: z.array(dashboardAttendantView),
});
export type DashboardView = z.output<typeof dashboardView>;

/** GET /dashboard/ticketsUsers: the bars of "tickets per user", as the lineage's charts read. */
export const ticketsUsersView = z.object({
  data: z.array(z.object({ userId: z.number(), nome: z.string(), quantidade: z.number() })),
});
export type TicketsUsersView = z.output<typeof ticketsUsersView>;

/**
 * GET /dashboard/ticketsDay: one point per hour ("horario", "00"–"23") when the window is a
 * single day, else one per day ("data", dd/MM/yyyy); `count` is the sum.
 */
export const ticketsDayView = z.object({
  data: z.array(
    z.union([
      z.object({ horario: z.string(), total: z.number() }),
      z.object({ data: z.string(), total: z.number() }),
    ]),
  ),
  count: z.number(),
});
export type TicketsDayView = z.output<typeof ticketsDayView>;

/** A ticket of the live panel and of /dashboard/moments. */
export const momentTicketView = z.object({
  id: z.number(),
  uuid: z.string(),
  status: z.string(),
  channel: z.string(),
  lastMessage: z.string().nullable(),
  unreadMessages: z.number(),
  isGroup: z.boolean(),
  isBot: z.boolean(),
  userId: z.number().nullable(),
  queueId: z.number().nullable(),
  whatsappId: z.number().nullable(),
  contactId: z.number(),
  createdAt: isoDate,
  updatedAt: isoDate,
  /** Whether the caller may open it: admins any, others their own (docs/product/dashboard-and-reports.md /moments). */
  canOpen: z.boolean(),
  contact: z.object({ id: z.number(), name: z.string(), urlPicture: z.string().nullable() }),
  user: z
    .object({
      id: z.number(),
      name: z.string(),
      online: z.boolean(),
      profileImage: z.string().nullable(),
    })
    .nullable(),
  queue: z.object({ id: z.number(), name: z.string(), color: z.string() }).nullable(),
  whatsapp: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type MomentTicket = z.output<typeof momentTicketView>;
