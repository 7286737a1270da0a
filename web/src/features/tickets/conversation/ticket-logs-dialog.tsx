export interface TicketLogsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  ticketUuid: string;
}

/** The ticket's history as a stepper (minimal placeholder). */
export function TicketLogsDialog(_props: TicketLogsDialogProps) {
  return null;
}
