import type { AppContext } from '../../context.js';
import { createMercadoPagoProvider } from './mercado-pago.js';
import type { PaymentProvider } from './payment-provider.js';

const providers = new WeakMap<AppContext['config'], PaymentProvider>();

/** The process's payment provider, built once from its configuration. */
export function paymentProviderOf(ctx: Pick<AppContext, 'config'>): PaymentProvider {
  let provider = providers.get(ctx.config);
  if (!provider) {
    provider = createMercadoPagoProvider({
      baseUrl: ctx.config.MERCADOPAGO_API_URL,
      accessToken: ctx.config.MERCADOPAGO_ACCESS_TOKEN,
      webhookSecret: ctx.config.MERCADOPAGO_WEBHOOK_SECRET,
      timeoutMs: ctx.config.PAYMENT_TIMEOUT_MS,
    });
    providers.set(ctx.config, provider);
  }
  return provider;
}

/** `atendo:<companyId>:<invoiceId>`: the charge's external reference, naming its invoice. */
export function invoiceReference(companyId: number, invoiceId: number): string {
  return `atendo:${companyId}:${invoiceId}`;
}

/** The invoice a reference names, or null for anything else. */
export function parseInvoiceReference(
  reference: string | null,
): { companyId: number; invoiceId: number } | null {
  const m = /^atendo:(\d{1,10}):(\d{1,10})$/.exec(reference ?? '');
  if (!m) return null;
  const companyId = Number(m[1]);
  const invoiceId = Number(m[2]);
  if (!companyId || !invoiceId || companyId > 2_147_483_647 || invoiceId > 2_147_483_647)
    return null;
  return { companyId, invoiceId };
}
