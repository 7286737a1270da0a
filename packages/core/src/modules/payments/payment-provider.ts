/**
 * What the checkout needs of a Pix payment provider. One production adapter speaks Mercado
 * Pago's documented REST protocol (mercado-pago.ts); tests run it against a local fake of that
 * protocol (@atendo/testing/fake-pix), never against a mock of this interface.
 */

export interface PixChargeInput {
  /** Stable per invoice and amount: asking twice returns the same charge (X-Idempotency-Key). */
  idempotencyKey: string;
  /** BRL, two decimals. */
  amount: string;
  description: string;
  /** Names the invoice the charge pays (`atendo:<companyId>:<invoiceId>`), echoed back. */
  reference: string;
  payer: { email: string; firstName: string; lastName: string; document: string };
  /** Where the provider posts its notifications; absent: the one configured at the provider. */
  notificationUrl?: string;
}

export interface PixCharge {
  id: string;
  /** The provider's status: 'approved' means paid. */
  status: string;
  amount: string;
  reference: string | null;
  /** The copy-paste Pix code (EMV "copia e cola"). */
  qrCode: string | null;
  /** The QR code image, base64 PNG. */
  qrCodeBase64: string | null;
}

/** A notification as it arrived: its headers, raw query string parameters and parsed body. */
export interface WebhookRequest {
  headers: Record<string, string | undefined>;
  query: URLSearchParams;
  body: unknown;
}

export interface PaymentProvider {
  createPixCharge(input: PixChargeInput): Promise<PixCharge>;
  /** The charge as the provider knows it now; null when it has no such charge. */
  getCharge(id: string): Promise<PixCharge | null>;
  /** The id of the charge a notification is about when its signature holds, else null. */
  verifyWebhook(req: WebhookRequest): string | null;
}

/** A provider call that failed: its HTTP status and the path, never a token or a body. */
export class PaymentProviderError extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
  ) {
    super(`Payment provider ${path} answered ${status}`);
    this.name = 'PaymentProviderError';
  }
}
