/** The domain events the payments module publishes (docs/architecture.md#domain-events-and-listeners). */
export interface PaymentsEvents {
  /** The payment webhook paid an invoice; `dueDate` is the company's new due date. */
  'invoice.paid': { companyId: number; invoiceId: number; dueDate: string };
}
