import { z } from 'zod';
import { isoDate } from './common.js';

/**
 * A service duration in seconds as "HH:MM:SS"; hours keep counting past 24 ("49:05:00"), so
 * the text sorts and sums like a spreadsheet's [h]:mm:ss.
 */
export function supportTimeText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
}

/**
 * One row of the ticket report (docs/product/dashboard-and-reports.md "Report ticket"). status is the ticket's status code
 * (the console translates it); createdAt is the ticket's creation, closedAt its last close (null
 * unless closed); supportTime runs from creation to that close, to the rating request while a
 * rating is awaited, else to now; NPS is the contact's rating (0–10), null when none.
 */
export const reportTicketView = z.object({
  id: z.number(),
  uuid: z.string(),
  whatsappName: z.string().nullable(),
  contactName: z.string().nullable(),
  userName: z.string().nullable(),
  queueName: z.string().nullable(),
  status: z.string(),
  lastMessage: z.string().nullable(),
  createdAt: isoDate,
  closedAt: isoDate.nullable(),
  supportTime: z.string(),
  NPS: z.number().nullable(),
});
export type ReportTicket = z.output<typeof reportTicketView>;

/** GET /ticketreport/reports: one page and the number of matching tickets. */
export const ticketReportView = z.object({
  tickets: z.array(reportTicketView),
  totalTickets: z.object({ total: z.number() }),
});
export type TicketReportView = z.output<typeof ticketReportView>;
