import type { TicketView } from '@atendo/domain';

export interface TransferTicketDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  ticket: TicketView;
}

/** Transfers a ticket to a queue, connection or user (minimal placeholder). */
export function TransferTicketDialog(_props: TransferTicketDialogProps) {
  return null;
}
