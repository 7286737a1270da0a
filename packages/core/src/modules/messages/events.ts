/** The domain events the messages module publishes (docs/architecture.md#domain-events-and-listeners). */
export interface MessagesEvents {
  'message.created': { companyId: number; messageId: number; ticketId: number };
  'message.updated': { companyId: number; messageId: number; ticketId: number };
}
