/** The uuid in /tickets/:ticketId; the literal 'undefined' counts as none (spec 1 §2). */
export function selectedTicketUuid(param: string | undefined): string | null {
  return param && param !== 'undefined' ? param : null;
}
