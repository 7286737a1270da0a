import { EntitySchema } from 'typeorm';
import {
  date,
  int,
  money,
  primaryId,
  tenantColumn,
  tenantRelation,
  text,
  timestamps,
  timestamptz,
  varchar,
} from './columns.js';
import type { Company } from './company.js';

/** A company's bill for one due date; status 'open' until paid ('paid'; the console shows Pago). */
export interface Invoice {
  id: number;
  companyId: number;
  company?: Company;
  detail: string | null;
  value: string;
  users: number;
  connections: number;
  dueDate: string;
  status: string;
  linkInvoice: string | null;
  /** The Pix transaction id the payment provider reports back. */
  txId: string | null;
  paidAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const InvoiceEntity = new EntitySchema<Invoice>({
  name: 'Invoice',
  tableName: 'invoices',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    detail: varchar({ nullable: true }),
    value: money(),
    users: int({ default: 0 }),
    connections: int({ default: 0 }),
    dueDate: date(),
    status: varchar({ default: 'open' }),
    linkInvoice: text({ nullable: true }),
    txId: varchar({ nullable: true }),
    paidAt: timestamptz({ nullable: true }),
    ...timestamps(),
  },
  relations: { ...tenantRelation() },
  // One invoice per company and due date: the billing job inserts idempotently.
  uniques: [{ columns: ['companyId', 'dueDate'] }],
  indices: [{ columns: ['txId'] }],
});
