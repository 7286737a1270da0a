import { z } from 'zod';
import { MSG_BEFORE_DATE_FROM, MSG_INVALID_DAY } from './validation-messages.js';
import { idParam } from './common.js';
import { idList, queryBool, TICKET_STATUSES } from './ticket.js';

/** Page sizes the reports page offers (docs/product/dashboard-and-reports.md); the first listed default is 10. */
export const REPORT_PAGE_SIZES = [5, 10, 15, 30] as const;
export const REPORT_DEFAULT_PAGE_SIZE = 10;
/** What the lineage's export asks for: "every row" (docs/product/dashboard-and-reports.md). */
export const REPORT_EXPORT_PAGE_SIZE = 9_999_999;
/**
 * The most rows one report call answers: a larger pageSize (the export's 9999999) is served
 * as this many, so one request can never pull a whole company's history into memory.
 */
export const REPORT_MAX_ROWS = 10_000;
/** Cut applied by the console to the contact name and the last message (docs/product/dashboard-and-reports.md). */
export const REPORT_TEXT_CUT = 20;

/** An empty query parameter (the lineage's consoles send `contactId=`) counts as absent. */
const blankAsAbsent = (v: unknown) => (v === '' || v === null || v === 'null' ? undefined : v);

/** A calendar day YYYY-MM-DD that exists; the api reads it in the company's time zone. */
const reportDay = z.preprocess(
  blankAsAbsent,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, MSG_INVALID_DAY)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
    }, MSG_INVALID_DAY)
    .optional(),
);

/** Statuses as `["open","closed"]` (the lineage's JSON text), `open,closed` or repeated. */
const statusList = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return undefined;
    if (Array.isArray(v)) return v.flatMap((x) => String(x).split(',')).filter((x) => x !== '');
    const text = String(v).trim();
    if (text.startsWith('[')) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return v;
      }
    }
    return text.split(',').filter((x) => x !== '');
  },
  z.array(z.enum(TICKET_STATUSES)).max(10).optional(),
);

/**
 * GET /ticketreport/reports (docs/product/dashboard-and-reports.md#routes "Reports"). Lists arrive as the JSON texts the
 * lineage's console sends (`users=[1,2]`), as `1,2`, or as repeated parameters. Days are
 * calendar days of the company's time zone; without them the report covers the first of the
 * current month to today. pageSize above REPORT_MAX_ROWS is served as REPORT_MAX_ROWS.
 */
export const ticketReportQuery = z
  .object({
    searchParam: z.string().max(200).optional().default(''),
    contactId: z.preprocess(blankAsAbsent, idParam.optional()),
    whatsappId: idList,
    users: idList,
    queueIds: idList,
    status: statusList,
    dateFrom: reportDay,
    dateTo: reportDay,
    page: z.preprocess(
      blankAsAbsent,
      z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
    ),
    pageSize: z.preprocess(
      blankAsAbsent,
      z.coerce
        .number()
        .int()
        .min(1)
        .max(REPORT_EXPORT_PAGE_SIZE)
        .optional()
        .default(REPORT_DEFAULT_PAGE_SIZE),
    ),
    onlyRated: queryBool,
  })
  .superRefine((q, ctx) => {
    if (q.dateFrom && q.dateTo && q.dateFrom > q.dateTo)
      ctx.addIssue({ code: 'custom', path: ['dateTo'], message: MSG_BEFORE_DATE_FROM });
  });
export type TicketReportQuery = z.output<typeof ticketReportQuery>;
