import {
  canViewDashboard,
  REPORT_DEFAULT_PAGE_SIZE,
  REPORT_PAGE_SIZES,
  REPORT_TEXT_CUT,
  TICKET_STATUSES,
  type ReportTicket,
} from '@atendo/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { format } from 'date-fns';
import { ChevronLeft, ChevronRight, History, SquareArrowOutUpRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DataTable, useListTable } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { ForbiddenPage } from '@/features/errors/forbidden-page';
import { TicketLogsDialog } from '@/features/tickets/conversation/ticket-logs-dialog';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { permissionUser } from '@/lib/auth/permission-user';
import { toastError } from '@/lib/errors';
import { buildReportWorkbook, saveFile } from './export-report';
import { defaultReportFilters, ReportFiltersPanel } from './report-filters';
import { fetchReportForExport, useTicketReport, type ReportFilters } from './queries';

/** The first REPORT_TEXT_CUT characters, '…' when cut (docs/product/dashboard-and-reports.md). */
export const cutText = (text: string | null) =>
  !text ? '' : text.length > REPORT_TEXT_CUT ? `${text.slice(0, REPORT_TEXT_CUT)}…` : text;

const when = (iso: string | null) => (iso ? format(new Date(iso), 'dd/MM/yyyy HH:mm') : '');

/** /reports: admins and showDashboard holders (docs/product/dashboard-and-reports.md); anyone else gets the 403 page. */
export function ReportsPage() {
  const user = useCurrentUser();
  if (!canViewDashboard(permissionUser(user))) return <ForbiddenPage />;
  return <Reports />;
}

function Reports() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<ReportFilters>(() => defaultReportFilters());
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(REPORT_DEFAULT_PAGE_SIZE);
  const [logsOf, setLogsOf] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const report = useTicketReport(filters, page, pageSize);
  const rows = report.data?.tickets ?? [];
  const total = report.data?.totalTickets.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const statusText = (status: string) =>
    (TICKET_STATUSES as readonly string[]).includes(status)
      ? t(`reports.status.${status as (typeof TICKET_STATUSES)[number]}`)
      : status;
  const text = (
    key: 'contactName' | 'lastMessage',
  ): Pick<ColumnDef<ReportTicket, unknown>, 'cell' | 'meta'> => ({
    cell: ({ row }) => cutText(row.original[key]) || '-',
    // The cut text's tooltip is the whole of it.
    meta: { cellTitle: (ticket) => ticket[key] ?? '' },
  });
  const columns: ColumnDef<ReportTicket, unknown>[] = [
    { id: 'id', header: t('reports.table.id'), cell: ({ row }) => row.original.id },
    {
      id: 'whatsapp',
      header: t('reports.table.whatsapp'),
      cell: ({ row }) => row.original.whatsappName ?? '-',
    },
    { id: 'contact', header: t('reports.table.contact'), ...text('contactName') },
    {
      id: 'user',
      header: t('reports.table.user'),
      cell: ({ row }) => row.original.userName ?? '-',
    },
    {
      id: 'queue',
      header: t('reports.table.queue'),
      cell: ({ row }) => row.original.queueName ?? '-',
    },
    {
      id: 'status',
      header: t('reports.table.status'),
      cell: ({ row }) => statusText(row.original.status),
    },
    { id: 'lastMessage', header: t('reports.table.lastMessage'), ...text('lastMessage') },
    {
      id: 'dateOpen',
      header: t('reports.table.dateOpen'),
      cell: ({ row }) => when(row.original.createdAt),
      meta: { cellClassName: 'whitespace-nowrap' },
    },
    {
      id: 'dateClose',
      header: t('reports.table.dateClose'),
      cell: ({ row }) => when(row.original.closedAt),
      meta: { cellClassName: 'whitespace-nowrap' },
    },
    {
      id: 'supportTime',
      header: t('reports.table.supportTime'),
      cell: ({ row }) => row.original.supportTime,
    },
    { id: 'nps', header: t('reports.table.nps'), cell: ({ row }) => row.original.NPS ?? '-' },
    {
      id: 'actions',
      header: t('reports.table.actions'),
      cell: ({ row }) => (
        <div className="flex gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('reports.table.logs')}
            onClick={() => setLogsOf(row.original.uuid)}
          >
            <History />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('reports.table.open')}
            onClick={() => void navigate(`/tickets/${row.original.uuid}`)}
          >
            <SquareArrowOutUpRight />
          </Button>
        </div>
      ),
    },
  ];
  // The api pages the report (page and size stay the page's own state); the table shows one page.
  const table = useListTable({ data: rows, columns, getRowId: (ticket) => String(ticket.id) });

  async function exportExcel() {
    setExporting(true);
    try {
      const all = await fetchReportForExport(filters);
      const data = await buildReportWorkbook(all, {
        sheetName: t('reports.excel.sheetName'),
        headers: {
          id: t('reports.table.id'),
          whatsapp: t('reports.table.whatsapp'),
          contact: t('reports.table.contact'),
          user: t('reports.table.user'),
          queue: t('reports.table.queue'),
          status: t('reports.table.status'),
          lastMessage: t('reports.table.lastMessage'),
          dateOpen: t('reports.table.dateOpen'),
          dateClose: t('reports.table.dateClose'),
          supportTime: t('reports.table.supportTime'),
          nps: t('reports.table.nps'),
        },
        status: statusText,
      });
      saveFile(data, t('reports.excel.fileName'));
    } catch (err) {
      toastError(err);
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <PageHeader title={t('reports.title')} />
      <ReportFiltersPanel
        initial={filters}
        onApply={(next) => {
          setFilters(next);
          setPage(1);
        }}
        onExport={() => void exportExcel()}
        exporting={exporting}
      />
      {report.isError && <p className="mb-4 text-destructive">{t('reports.loadError')}</p>}
      <div className="rounded-lg border">
        <DataTable
          table={table}
          label={t('reports.table.label')}
          isLoading={report.isFetching}
          // Only a first load has no rows to keep showing (the report keeps the previous page
          // while the next one loads), so only it reads "loading".
          status={{
            pending: report.isPending,
            loadingText: t('common.loading'),
            emptyText: t('reports.table.empty'),
          }}
        />
      </div>
      <nav
        aria-label={t('reports.table.pageOf', { page, pageCount })}
        className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm"
      >
        <span>{t('reports.table.total', { count: total })}</span>
        <div className="flex items-center gap-2">
          <label className="flex items-center gap-2">
            <span className="whitespace-nowrap">{t('reports.table.pageSize')}</span>
            <NativeSelect
              className="w-20"
              value={pageSize}
              onChange={(e) => {
                setPageSize(Number(e.target.value));
                setPage(1);
              }}
            >
              {REPORT_PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </NativeSelect>
          </label>
          <span aria-live="polite">{t('reports.table.pageOf', { page, pageCount })}</span>
          <Button
            variant="outline"
            size="icon"
            aria-label={t('reports.table.previous')}
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
          >
            <ChevronLeft />
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label={t('reports.table.next')}
            disabled={page >= pageCount}
            onClick={() => setPage((p) => p + 1)}
          >
            <ChevronRight />
          </Button>
        </div>
      </nav>
      {logsOf && (
        <TicketLogsDialog
          open
          onOpenChange={(open) => !open && setLogsOf(null)}
          ticketUuid={logsOf}
        />
      )}
    </>
  );
}
