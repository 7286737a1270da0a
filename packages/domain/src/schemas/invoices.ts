import { z } from 'zod';
import {
  MSG_DOCUMENT_REQUIRED,
  MSG_FULL_NAME_REQUIRED,
  MSG_INVALID_DOCUMENT,
} from './validation-messages.js';
import {
  CUSTOM_PLAN_MAX_CONNECTIONS,
  CUSTOM_PLAN_MAX_USERS,
  CUSTOM_PLAN_MIN_CONNECTIONS,
  CUSTOM_PLAN_MIN_USERS,
} from '../billing/custom-plan-price.js';
import { isValidDocument, onlyDigits } from '../documents.js';
import { idParam, pageQuery } from './common.js';

/** Invoice states: billing issues them 'open'; the payment webhook makes them 'paid' (Pago). */
export const INVOICE_STATUSES = ['open', 'paid'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** GET /invoices: the company's invoices, searched by detail, due date or status. */
export const invoicesQuery = pageQuery;

/** GET /invoices/all (super admin): every company's invoices, narrowed by company and status. */
export const invoicesAllQuery = pageQuery.extend({
  companyId: idParam.optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
});
export type InvoicesAllQuery = z.output<typeof invoicesAllQuery>;

const quantity = (min: number, max: number, label: string) =>
  z.coerce
    .number()
    .int()
    .min(min, `Mínimo de ${min} ${label}`)
    .max(max, `Máximo de ${max} ${label}`);

/**
 * POST /subscription, the checkout's payload (docs/product/companies-plans-billing.md#companies Subscription payload). The lineage's
 * card fields are accepted and ignored (payment is Pix only); `price` and `plan` are ignored
 * too: the server prices `users` and `connections` itself (docs/product/companies-plans-billing.md). Without quantities the
 * invoice is charged as issued.
 */
export const subscriptionSchema = z.object({
  invoiceId: idParam,
  /** Full name or company name (checkout step 1). */
  firstName: z
    .string({ error: MSG_FULL_NAME_REQUIRED })
    .trim()
    .min(1, MSG_FULL_NAME_REQUIRED)
    .max(120),
  lastName: z.string().trim().max(120).optional().default(''),
  /** The lineage keeps the CPF/CNPJ in zipcode. */
  zipcode: z
    .string({ error: MSG_DOCUMENT_REQUIRED })
    .min(1, MSG_DOCUMENT_REQUIRED)
    .max(30)
    .refine(isValidDocument, MSG_INVALID_DOCUMENT)
    .transform(onlyDigits),
  users: quantity(CUSTOM_PLAN_MIN_USERS, CUSTOM_PLAN_MAX_USERS, 'usuários').optional(),
  connections: quantity(
    CUSTOM_PLAN_MIN_CONNECTIONS,
    CUSTOM_PLAN_MAX_CONNECTIONS,
    'conexões',
  ).optional(),
  address2: z.string().max(200).optional(),
  city: z.string().max(120).optional(),
  state: z.string().max(120).optional(),
  country: z.string().max(120).optional(),
  useAddressForPaymentDetails: z.boolean().optional(),
  nameOnCard: z.string().max(120).optional(),
  cardNumber: z.string().max(40).optional(),
  cvv: z.string().max(8).optional(),
  plan: z.unknown().optional(),
  price: z.unknown().optional(),
});
export type SubscriptionInput = z.output<typeof subscriptionSchema>;

/** Checkout step 1 in the console: the same rules as the api's, field by field. */
export const checkoutDataSchema = subscriptionSchema.pick({ firstName: true, zipcode: true });

/**
 * The payment provider's webhook notification (Mercado Pago: `{ type, action, data: { id } }`;
 * the id also arrives as the `data.id` query parameter). Only the id is read: the payment
 * itself is fetched from the provider.
 */
export const paymentWebhookSchema = z
  .object({
    type: z.string().max(60).optional(),
    action: z.string().max(60).optional(),
    data: z.object({ id: z.union([z.string().max(64), z.number()]).optional() }).optional(),
  })
  .passthrough();
export const paymentWebhookQuery = z
  .object({
    'data.id': z.string().max(64).optional(),
    type: z.string().max(60).optional(),
  })
  .passthrough();
