import {
  canViewDashboard,
  REPORT_DEFAULT_PAGE_SIZE,
  REPORT_PAGE_SIZES,
  REPORT_TEXT_CUT,
  TICKET_STATUSES,
  type ReportTicket,
} from '@atendo/domain';
import { format } from 'date-fns';
import { ChevronLeft, ChevronRight, History, SquareArrowOutUpRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
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
        <Table aria-label={t('reports.table.label')} aria-busy={report.isFetching}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('reports.table.id')}</TableHead>
              <TableHead>{t('reports.table.whatsapp')}</TableHead>
              <TableHead>{t('reports.table.contact')}</TableHead>
              <TableHead>{t('reports.table.user')}</TableHead>
              <TableHead>{t('reports.table.queue')}</TableHead>
              <TableHead>{t('reports.table.status')}</TableHead>
              <TableHead>{t('reports.table.lastMessage')}</TableHead>
              <TableHead>{t('reports.table.dateOpen')}</TableHead>
              <TableHead>{t('reports.table.dateClose')}</TableHead>
              <TableHead>{t('reports.table.supportTime')}</TableHead>
              <TableHead>{t('reports.table.nps')}</TableHead>
              <TableHead>{t('reports.table.actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <ReportRow
                key={row.id}
                row={row}
                statusText={statusText}
                onLogs={() => setLogsOf(row.uuid)}
                onOpen={() => void navigate(`/tickets/${row.uuid}`)}
              />
            ))}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={12} className="h-24 text-center text-muted-foreground">
                  {report.isPending ? t('common.loading') : t('reports.table.empty')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
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

function ReportRow({
  row,
  statusText,
  onLogs,
  onOpen,
}: {
  row: ReportTicket;
  statusText: (status: string) => string;
  onLogs: () => void;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  return (
    <TableRow>
      <TableCell>{row.id}</TableCell>
      <TableCell>{row.whatsappName ?? '-'}</TableCell>
      <TableCell title={row.contactName ?? undefined}>{cutText(row.contactName) || '-'}</TableCell>
      <TableCell>{row.userName ?? '-'}</TableCell>
      <TableCell>{row.queueName ?? '-'}</TableCell>
      <TableCell>{statusText(row.status)}</TableCell>
      <TableCell title={row.lastMessage ?? undefined}>{cutText(row.lastMessage) || '-'}</TableCell>
      <TableCell className="whitespace-nowrap">{when(row.createdAt)}</TableCell>
      <TableCell className="whitespace-nowrap">{when(row.closedAt)}</TableCell>
      <TableCell>{row.supportTime}</TableCell>
      <TableCell>{row.NPS ?? '-'}</TableCell>
      <TableCell>
        <div className="flex gap-1">
          <Button variant="ghost" size="icon" aria-label={t('reports.table.logs')} onClick={onLogs}>
            <History />
          </Button>
          <Button variant="ghost" size="icon" aria-label={t('reports.table.open')} onClick={onOpen}>
            <SquareArrowOutUpRight />
          </Button>
        </div>
      </TableCell>
    </TableRow>
  );
}
