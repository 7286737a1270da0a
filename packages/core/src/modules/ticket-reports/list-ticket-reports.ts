import {
  REPORT_MAX_ROWS,
  supportTimeText,
  type TicketReportQuery,
  type TicketReportView,
} from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { dashboardViewer } from '../dashboard/dashboard-viewer.js';
import { reportSql } from './report-sql.js';

/**
 * The report's period as timestamps: dateFrom 00:00 to the day after dateTo 00:00 in the
 * company's time zone; by default the first of the current month to today there. PostgreSQL
 * does the calendar arithmetic, so the page and count queries get plain bounds the planner
 * can estimate.
 */
const BOUNDS_SQL = `
SELECT (coalesce($2::date, date_trunc('month', now() AT TIME ZONE $1::text)::date)::timestamp
          AT TIME ZONE $1::text)::text AS lo,
       ((coalesce($3::date, (now() AT TIME ZONE $1::text)::date) + 1)::timestamp
          AT TIME ZONE $1::text)::text AS hi`;

interface ReportRow {
  id: number;
  uuid: string;
  whatsappName: string | null;
  contactName: string | null;
  userName: string | null;
  queueName: string | null;
  status: string;
  lastMessage: string | null;
  createdAt: Date;
  closedAt: Date | null;
  supportSeconds: number;
  NPS: number | null;
}

/**
 * GET /ticketreport/reports (docs/product/dashboard-and-reports.md "Ticket reports page"): the company's tickets created in
 * the period, newest first, narrowed by the filters, one page of them and how many match.
 * Admins and users with showDashboard see the whole company (docs/product/tickets.md#who-sees-which-tickets: showDashboard counts
 * as admin for the report link); anyone else gets ERR_NO_PERMISSION. Ids of another company
 * in the filters match nothing: every row read is the caller's company's.
 */
export async function listTicketReports(
  ctx: AppContext,
  o: { auth: Principal; query: TicketReportQuery },
): Promise<TicketReportView> {
  const viewer = await dashboardViewer(ctx, o.auth, 'dashboard');
  const db = tenantData(ctx.ds, viewer.companyId);
  const [bounds] = await db.query<{ lo: string; hi: string }>(BOUNDS_SQL, [
    viewer.timeZone,
    o.query.dateFrom ?? null,
    o.query.dateTo ?? null,
  ]);
  // The export's pageSize 9999999 is served REPORT_MAX_ROWS at a time; pages follow that size.
  const limit = Math.min(o.query.pageSize, REPORT_MAX_ROWS);
  const sql = reportSql(o.query, {
    companyId: viewer.companyId,
    lo: bounds!.lo,
    hi: bounds!.hi,
    limit,
    offset: (o.query.page - 1) * limit,
  });
  const [rows, [count]] = await Promise.all([
    db.query<ReportRow>(sql.page, sql.pageParams),
    db.query<{ total: number }>(sql.count, sql.countParams),
  ]);
  return {
    tickets: rows.map(({ supportSeconds, ...row }) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      closedAt: row.closedAt ? row.closedAt.toISOString() : null,
      supportTime: supportTimeText(supportSeconds),
    })),
    totalTickets: { total: count?.total ?? 0 },
  };
}
