/** The domain events the billing module publishes (docs/architecture.md#domain-events-and-listeners). */
export interface BillingEvents {
  /** Billing issued an invoice (one per company and due date). */
  'invoice.created': {
    companyId: number;
    invoice: { id: number; dueDate: string; value: string; status: string };
  };
}
