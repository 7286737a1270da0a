import {
  REPORT_EXPORT_PAGE_SIZE,
  type ReportTicket,
  type TicketReportView,
  type TicketStatus,
} from '@atendo/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** What the report is filtered by (the filter panel's applied values). */
export interface ReportFilters {
  searchParam: string;
  contactId: number | null;
  whatsappIds: number[];
  users: number[];
  queueIds: number[];
  statuses: TicketStatus[];
  /** YYYY-MM-DD, read by the api in the company's time zone. */
  dateFrom: string;
  dateTo: string;
  onlyRated: boolean;
}

export const reportKeys = {
  all: ['ticket-reports'] as const,
  page: (filters: ReportFilters, page: number, pageSize: number) =>
    [...reportKeys.all, filters, page, pageSize] as const,
};

const jsonIds = (ids: readonly (number | string)[]) =>
  ids.length ? JSON.stringify(ids) : undefined;

/** The query string of GET /ticketreport/reports, lists as the JSON text the lineage sends. */
export function reportQuery(filters: ReportFilters, page: number, pageSize: number) {
  return {
    searchParam: filters.searchParam.trim() || undefined,
    contactId: filters.contactId ?? undefined,
    whatsappId: jsonIds(filters.whatsappIds),
    users: jsonIds(filters.users),
    queueIds: jsonIds(filters.queueIds),
    status: jsonIds(filters.statuses),
    dateFrom: filters.dateFrom || undefined,
    dateTo: filters.dateTo || undefined,
    page,
    pageSize,
    onlyRated: filters.onlyRated,
  } as const;
}

function fetchReport(
  filters: ReportFilters,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<TicketReportView> {
  return api.call('ticketReportsIndex', {
    // The schema's preprocessors read the JSON texts; the client types their input side.
    query: reportQuery(filters, page, pageSize) as never,
    signal,
  }) as Promise<TicketReportView>;
}

/** One page of the report; the previous page stays on screen while the next loads. */
export function useTicketReport(filters: ReportFilters, page: number, pageSize: number) {
  return useQuery({
    queryKey: reportKeys.page(filters, page, pageSize),
    queryFn: ({ signal }) => fetchReport(filters, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * Every row of the report for the export: asked with the export's page size, which the api
 * serves a bounded number of rows at a time, so the pages are walked until the total is in.
 */
export async function fetchReportForExport(filters: ReportFilters): Promise<ReportTicket[]> {
  const rows: ReportTicket[] = [];
  for (let page = 1; ; page++) {
    const data = await fetchReport(filters, page, REPORT_EXPORT_PAGE_SIZE);
    rows.push(...data.tickets);
    if (data.tickets.length === 0 || rows.length >= data.totalTickets.total) return rows;
  }
}
