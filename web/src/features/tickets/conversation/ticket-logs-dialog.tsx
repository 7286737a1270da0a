import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { api } from '@/lib/api';
import { chatKeys } from './queries';

export interface TicketLogsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  ticketUuid: string;
}

/** Log types of docs/product/tickets.md#entities, each with its translated name. */
export const LOG_TYPES = [
  'create',
  'chatBot',
  'queue',
  'open',
  'access',
  'transfered',
  'receivedTransfer',
  'pending',
  'closed',
  'reopen',
  'redirect',
  'autoClose',
  'inactiveWarning',
  'lgpd',
  'promptTransfer',
  'promptTimeout',
  'promptFailed',
  'integrationTimeout',
  'integrationFailed',
  'integrationFinished',
] as const;
type LogType = (typeof LOG_TYPES)[number];
const isLogType = (type: string): type is LogType =>
  (LOG_TYPES as readonly string[]).includes(type);

/** The ticket's history as a vertical stepper (oldest first, dd/MM/yyyy HH:mm). */
export function TicketLogsDialog({ open, onOpenChange, ticketUuid }: TicketLogsDialogProps) {
  const { t } = useTranslation();
  const logs = useQuery({
    queryKey: chatKeys.logs(ticketUuid),
    queryFn: ({ signal }) => api.call('ticketsLog', { params: { ticketId: ticketUuid }, signal }),
    enabled: open,
    staleTime: 0,
  });
  const entries = [...(logs.data ?? [])].sort(
    (a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime(),
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('tickets.chat.close')}>
        <DialogHeader>
          <DialogTitle>{t('tickets.chat.logsTitle')}</DialogTitle>
        </DialogHeader>
        <ol className="max-h-[60vh] overflow-y-auto" aria-label={t('tickets.chat.logsTitle')}>
          {entries.map((entry, i) => (
            <li key={entry.id} className="relative flex gap-3 pb-4">
              <div className="flex flex-col items-center">
                <span className="bg-primary text-primary-foreground flex size-6 items-center justify-center rounded-full text-xs">
                  {i + 1}
                </span>
                {i < entries.length - 1 && <span className="bg-border w-px flex-1" />}
              </div>
              <div className="text-sm">
                <div className="font-medium">
                  {isLogType(entry.type) ? t(`tickets.chat.logTypes.${entry.type}`) : entry.type}
                </div>
                <div className="text-muted-foreground text-xs">
                  {format(new Date(entry.createdAt), 'dd/MM/yyyy HH:mm')}
                  {entry.user && ` · ${entry.user.name}`}
                  {entry.queue && ` · ${entry.queue.name}`}
                </div>
              </div>
            </li>
          ))}
          {logs.isSuccess && entries.length === 0 && (
            <li className="text-muted-foreground text-sm">{t('tickets.chat.noLogs')}</li>
          )}
        </ol>
      </DialogContent>
    </Dialog>
  );
}
