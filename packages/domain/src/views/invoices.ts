import { z } from 'zod';
import { nullableDate, paged } from './common.js';

const money = z.union([z.string(), z.number()]).transform((v) => Number(v).toFixed(2));

/** One invoice as the invoices page lists it (docs/product/companies-plans-billing.md#companies Invoice). */
export const invoiceView = z.object({
  id: z.number(),
  detail: z.string().nullable(),
  users: z.number(),
  connections: z.number(),
  dueDate: z.string(),
  value: money,
  /** 'open' or 'paid' (the console shows Pago). */
  status: z.string(),
  linkInvoice: z.string().nullable(),
  paidAt: nullableDate,
  createdAt: nullableDate,
});
export type InvoiceView = z.output<typeof invoiceView>;

export const invoicesPageView = paged('invoices', invoiceView);

/** An invoice of any company, for the super admin's listing (CLI). */
export const invoiceAdminView = invoiceView.extend({
  companyId: z.number(),
  companyName: z.string(),
});
export type InvoiceAdminView = z.output<typeof invoiceAdminView>;
export const invoicesAdminPageView = paged('invoices', invoiceAdminView);

/**
 * POST /subscription's answer: the Pix charge in the lineage's shape (docs/product/companies-plans-billing.md#companies: a Pix object
 * with qrcode.qrcode and valor.original). `imagemQrcode` is a data: URL of the provider's image.
 */
export const subscriptionView = z.object({
  invoiceId: z.number(),
  txid: z.string(),
  status: z.string(),
  users: z.number(),
  connections: z.number(),
  valor: z.object({ original: z.string() }),
  qrcode: z.object({ qrcode: z.string(), imagemQrcode: z.string().optional() }),
});
export type SubscriptionView = z.output<typeof subscriptionView>;

/** What the webhook answers the provider (200 unless it should redeliver). */
export const paymentWebhookView = z.object({ received: z.boolean(), paid: z.boolean() });
