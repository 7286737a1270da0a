import { canIgnorePending, hasStatic, type TicketView } from '@atendo/domain';
import {
  ArrowLeft,
  CheckCircle2,
  EllipsisVertical,
  EyeOff,
  FileDown,
  History,
  PanelRight,
  RotateCcw,
  Trash2,
  Undo2,
  Repeat,
  Video,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useNarrowScreen } from '@/features/shell/use-narrow-screen';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { textColorOn } from '@/lib/color';
import { permissionUser } from '@/lib/auth/permission-user';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { AcceptTicketDialog, HeldTicketDialog } from './dialogs/accept-ticket-dialog';
import { exportTicketPdf } from './export-ticket-pdf';
import { TicketLogsDialog } from './ticket-logs-dialog';
import { TransferTicketDialog } from './transfer-ticket-dialog';
import { useTicketStatus } from './use-ticket-status';

/** The video room of a ticket: one room per ticket, named after its id. */
export const videoRoomUrl = (ticket: Pick<TicketView, 'uuid'>) =>
  `https://meet.jit.si/atendo-${ticket.uuid}`;

/** Back, contact, queue and the actions the ticket's status allows. */
export function ConversationHeader({
  ticket,
  onToggleDrawer,
}: {
  ticket: TicketView;
  onToggleDrawer(): void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = permissionUser(useCurrentUser());
  const status = useTicketStatus(ticket);
  const [dialog, setDialog] = useState<'transfer' | 'logs' | 'delete' | null>(null);
  const contact = ticket.contact;
  const open = ticket.status === 'open' || ticket.status === 'group';
  const pending = ticket.status === 'pending';
  const closed = ticket.status === 'closed';
  const mayIgnore = (pending || ticket.status === 'lgpd') && canIgnorePending(me);
  const mayDelete = hasStatic(me, 'ticket-options:deleteTicket');
  // Below `md` the name gets the room: return to queue and resolve move into the menu.
  const narrow = useNarrowScreen();

  return (
    <header className="bg-background flex items-center gap-1 border-b px-1 py-2 md:gap-2 md:px-2">
      <Button
        size="icon"
        variant="ghost"
        onClick={() => navigate('/tickets')}
        aria-label={t('tickets.chat.back')}
      >
        <ArrowLeft />
      </Button>
      <button
        type="button"
        className="flex min-w-0 flex-1 items-center gap-2 text-left"
        onClick={onToggleDrawer}
      >
        <Avatar className="size-9 md:size-10">
          {contact?.urlPicture || contact?.profilePicUrl ? (
            <AvatarImage src={contact.urlPicture ?? contact.profilePicUrl ?? undefined} alt="" />
          ) : null}
          <AvatarFallback>{contact?.name?.slice(0, 1).toUpperCase() ?? '?'}</AvatarFallback>
        </Avatar>
        <div className="min-w-0">
          <div
            className="font-medium break-words max-md:line-clamp-2 md:truncate"
            data-testid="chat-contact-name"
          >
            {contact?.name} <span className="text-muted-foreground text-xs">#{ticket.id}</span>
          </div>
          <div className="text-muted-foreground flex items-center gap-1 truncate text-xs">
            {ticket.queue ? (
              <Badge
                style={{
                  backgroundColor: ticket.queue.color,
                  color: textColorOn(ticket.queue.color),
                }}
              >
                {ticket.queue.name}
              </Badge>
            ) : (
              t('tickets.chat.noQueue')
            )}
            {ticket.user && (
              <span>· {t('tickets.chat.assignedTo', { name: ticket.user.name })}</span>
            )}
          </div>
        </div>
      </button>
      <div className="flex items-center gap-1">
        {pending && (
          <Button size="sm" disabled={status.busy} onClick={() => void status.accept()}>
            {t('tickets.chat.accept')}
          </Button>
        )}
        {mayIgnore && (
          <Button
            size="sm"
            variant="outline"
            disabled={status.busy}
            onClick={() => void status.ignore()}
          >
            <EyeOff /> {t('tickets.chat.ignore')}
          </Button>
        )}
        {open && !narrow && (
          <Button
            size="icon"
            variant="ghost"
            disabled={status.busy}
            onClick={() => void status.returnToQueue()}
            aria-label={t('tickets.chat.returnToQueue')}
            title={t('tickets.chat.returnToQueue')}
          >
            <Undo2 />
          </Button>
        )}
        {(open || pending) && !narrow && (
          <Button size="sm" disabled={status.busy} onClick={() => void status.resolve()}>
            <CheckCircle2 /> {t('tickets.chat.resolve')}
          </Button>
        )}
        {closed && (
          <Button size="sm" disabled={status.busy} onClick={() => void status.reopen()}>
            <RotateCcw /> {t('tickets.chat.reopen')}
          </Button>
        )}
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button size="icon" variant="ghost" aria-label={t('tickets.chat.moreActions')}>
              <EllipsisVertical />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {narrow && (open || pending) && (
              <DropdownMenuItem disabled={status.busy} onSelect={() => void status.resolve()}>
                <CheckCircle2 /> {t('tickets.chat.resolve')}
              </DropdownMenuItem>
            )}
            {narrow && open && (
              <DropdownMenuItem disabled={status.busy} onSelect={() => void status.returnToQueue()}>
                <Undo2 /> {t('tickets.chat.returnToQueue')}
              </DropdownMenuItem>
            )}
            {!closed && (
              <DropdownMenuItem onSelect={() => setDialog('transfer')}>
                <Repeat /> {t('tickets.chat.transfer')}
              </DropdownMenuItem>
            )}
            {open && (
              <DropdownMenuItem onSelect={() => void status.resolve(false)}>
                <CheckCircle2 /> {t('tickets.chat.resolveSilently')}
              </DropdownMenuItem>
            )}
            <DropdownMenuItem onSelect={() => setDialog('logs')}>
              <History /> {t('tickets.chat.logs')}
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <a href={videoRoomUrl(ticket)} target="_blank" rel="noreferrer">
                <Video /> {t('tickets.chat.videoRoom')}
              </a>
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => void exportTicketPdf(ticket.uuid)}>
              <FileDown /> {t('tickets.chat.exportPdf')}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={onToggleDrawer}>
              <PanelRight /> {t('tickets.chat.contactDetails')}
            </DropdownMenuItem>
            {mayDelete && (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuItem onSelect={() => setDialog('delete')} className="text-destructive">
                  <Trash2 /> {t('tickets.chat.deleteTicket')}
                </DropdownMenuItem>
              </>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      <TransferTicketDialog
        open={dialog === 'transfer'}
        onOpenChange={(o) => setDialog(o ? 'transfer' : null)}
        ticket={ticket}
      />
      <TicketLogsDialog
        open={dialog === 'logs'}
        onOpenChange={(o) => setDialog(o ? 'logs' : null)}
        ticketUuid={ticket.uuid}
      />
      <ConfirmDialog
        confirmLabel={t('tickets.chat.confirm')}
        cancelLabel={t('tickets.chat.cancel')}
        open={dialog === 'delete'}
        title={t('tickets.chat.deleteTicketTitle', { id: ticket.id })}
        description={t('tickets.chat.deleteTicketText')}
        onConfirm={() => void status.remove()}
        onClose={() => setDialog(null)}
      />
      <AcceptTicketDialog
        open={status.pickQueue}
        onOpenChange={status.setPickQueue}
        onAccept={(queueId) => status.accept(queueId)}
      />
      <HeldTicketDialog holder={status.holder} onClose={status.clearHolder} />
    </header>
  );
}
