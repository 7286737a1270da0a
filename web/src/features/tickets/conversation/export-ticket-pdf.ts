/** Exports the ticket's conversation to ticket-{id}.pdf (minimal placeholder). */
export async function exportTicketPdf(_ticketUuid: string): Promise<void> {}
