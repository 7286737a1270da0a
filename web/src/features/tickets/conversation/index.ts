/**
 * The conversation side of the tickets screen: what the tickets page (helper LIST) imports.
 * The first version is minimal; the real components replace these exports in place.
 */
export { Conversation } from './conversation';
export { TransferTicketDialog } from './transfer-ticket-dialog';
export { TicketLogsDialog } from './ticket-logs-dialog';
export { exportTicketPdf } from './export-ticket-pdf';
