/** The uuid in /tickets/:ticketId; the literal 'undefined' counts as none (docs/product/tickets.md#the-tickets-screen). */
export function selectedTicketUuid(param: string | undefined): string | null {
  return param && param !== 'undefined' ? param : null;
}
