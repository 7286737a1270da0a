/** The domain events the tickets module publishes (docs/architecture.md#domain-events-and-listeners). */
export interface TicketsEvents {
  /** A ticket was created or changed; `before` names where it was (its old rooms). */
  'ticket.created': { companyId: number; ticketId: number };
  'ticket.updated': { companyId: number; ticketId: number; before?: TicketPlace };
  'ticket.deleted': { companyId: number; ticketId: number; before: TicketPlace };
  /** The ticket's unread count went back to zero (the conversation was opened). */
  'ticket.read': { companyId: number; ticketId: number; place: TicketPlace };
}

/** Where a ticket sits: the status list, queue and owner that decide who sees it. */
export interface TicketPlace {
  status: string;
  queueId: number | null;
  userId: number | null;
}
