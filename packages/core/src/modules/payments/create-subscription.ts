import {
  AppError,
  customPlanPrice,
  moneyString,
  toCents,
  type SubscriptionInput,
  type SubscriptionView,
} from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { CompanyEntity, InvoiceEntity, UserEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { PaymentProviderError, type PixCharge } from './payment-provider.js';
import { invoiceReference, paymentProviderOf } from './payment-provider-of.js';

/** The quantities and amount of a checkout: the custom plan's price, or the invoice as issued. */
function pricing(
  invoice: { value: string; users: number; connections: number },
  input: SubscriptionInput,
) {
  if (input.users === undefined && input.connections === undefined)
    return {
      users: invoice.users,
      connections: invoice.connections,
      amount: moneyString(invoice.value),
    };
  const users = input.users ?? Math.max(3, invoice.users);
  const connections = input.connections ?? Math.max(3, invoice.connections);
  return { users, connections, amount: moneyString(customPlanPrice(users, connections)) };
}

/**
 * POST /subscription (docs/product/companies-plans-billing.md#subscription-states Checkout): a Pix charge for one open invoice of the caller's
 * company, priced here, never from the client's `price`. The invoice takes the charge's id,
 * amount and quantities, so the webhook pays exactly what was charged. The same invoice and
 * quantities asked again return the same charge (the provider's idempotency key).
 */
export async function createSubscription(
  ctx: AppContext,
  o: { auth: Principal; input: SubscriptionInput },
): Promise<SubscriptionView> {
  const { auth, input } = o;
  const db = tenantData(ctx.ds, auth.companyId);
  const invoice = await db.of(InvoiceEntity).get({ where: { id: input.invoiceId } });
  if (invoice.status === 'paid') throw new AppError('ERR_INVOICE_ALREADY_PAID');
  const { users, connections, amount } = pricing(invoice, input);

  const [company, user] = await Promise.all([
    platformData(ctx.ds)
      .of(CompanyEntity)
      .findOne({ where: { id: auth.companyId }, select: { id: true, name: true, email: true } }),
    db.of(UserEntity).findOne({ where: { id: auth.userId }, select: { id: true, email: true } }),
  ]);
  const [firstName, ...rest] = input.firstName.split(/\s+/);
  let charge: PixCharge;
  try {
    charge = await paymentProviderOf(ctx).createPixCharge({
      idempotencyKey: `atendo-invoice-${auth.companyId}-${invoice.id}-${toCents(amount)}-${users}-${connections}`,
      amount,
      description: `${company?.name ?? 'Atendo'} — ${invoice.detail ?? 'Assinatura'} (${users} usuários, ${connections} conexões)`,
      reference: invoiceReference(auth.companyId, invoice.id),
      payer: {
        email: company?.email || user?.email || 'pagamentos@atendo.local',
        firstName: firstName ?? input.firstName,
        lastName: [input.lastName, ...rest].filter(Boolean).join(' ') || firstName || '',
        document: input.zipcode,
      },
      notificationUrl: ctx.config.PAYMENT_WEBHOOK_URL,
    });
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    ctx.logger.warn(
      { companyId: auth.companyId, invoiceId: invoice.id, status: err.status, path: err.path },
      'payment provider refused the Pix charge',
    );
    throw new AppError(
      ctx.config.MERCADOPAGO_ACCESS_TOKEN ? 'ERR_PAYMENT_PROVIDER' : 'ERR_PAYMENT_NOT_CONFIGURED',
    );
  }
  if (toCents(charge.amount) !== toCents(amount)) {
    ctx.logger.warn(
      { companyId: auth.companyId, invoiceId: invoice.id, chargeId: charge.id },
      'payment provider answered a charge of another amount',
    );
    throw new AppError('ERR_PAYMENT_PROVIDER');
  }

  // Only while still unpaid: a webhook that paid it meanwhile keeps the paid amount.
  const updated = await db
    .of(InvoiceEntity)
    .update(
      { id: invoice.id, status: 'open' },
      { txId: charge.id, value: amount, users, connections },
    );
  if (!updated) throw new AppError('ERR_INVOICE_ALREADY_PAID');

  return {
    invoiceId: invoice.id,
    txid: charge.id,
    status: 'ATIVA',
    users,
    connections,
    valor: { original: amount },
    qrcode: {
      qrcode: charge.qrCode ?? '',
      ...(charge.qrCodeBase64
        ? { imagemQrcode: `data:image/png;base64,${charge.qrCodeBase64}` }
        : {}),
    },
  };
}
