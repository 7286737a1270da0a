import {
  invoicesAdminPageView,
  invoiceView,
  invoicesAllQuery,
  invoicesPageView,
  invoicesQuery,
  paymentWebhookQuery,
  paymentWebhookSchema,
  paymentWebhookView,
  subscriptionSchema,
  subscriptionView,
} from '@atendo/domain';
import { z } from 'zod';
import { route } from '../define.js';

/**
 * Invoices and the Pix checkout (docs/product/companies-plans-billing.md#routes "Invoices and checkout"). The payment provider is
 * Mercado Pago (packages/core/src/modules/payments/mercado-pago.ts); its webhook is public and proves
 * itself with the `x-signature` header, checked before anything is read.
 */
export const invoicesRoutes = {
  invoicesIndex: route({
    method: 'GET',
    path: '/invoices',
    access: 'admin',
    tag: 'invoices',
    summary: "The company's invoices (searchParam over detail, due date and status; 20 a page)",
    query: invoicesQuery,
    response: invoicesPageView,
  }),
  invoicesAll: route({
    method: 'GET',
    path: '/invoices/all',
    access: 'admin',
    tag: 'invoices',
    summary:
      "Super admins: every company's invoices, by company and status, 20 a page. A company's admin: that company's own invoices, as one list (what the family's financial pages read)",
    query: invoicesAllQuery,
    response: z.union([invoicesAdminPageView, z.array(invoiceView)]),
  }),
  subscriptionCreate: route({
    method: 'POST',
    path: '/subscription',
    access: 'admin',
    tag: 'invoices',
    summary:
      'Checkout: a Pix charge for an open invoice of the company, priced by the server (custom plan users and connections)',
    body: subscriptionSchema,
    response: subscriptionView,
  }),
  paymentWebhook: route({
    method: 'POST',
    path: '/subscription/webhook',
    access: 'public',
    tag: 'invoices',
    summary:
      "The payment provider's signed notification (Mercado Pago x-signature): a confirmed payment marks its invoice paid once and extends the company's due date",
    query: paymentWebhookQuery,
    body: paymentWebhookSchema,
    response: paymentWebhookView,
  }),
} as const;
