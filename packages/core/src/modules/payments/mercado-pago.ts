import crypto from 'node:crypto';
import {
  PaymentProviderError,
  type PaymentProvider,
  type PixCharge,
  type PixChargeInput,
  type WebhookRequest,
} from './payment-provider.js';

/**
 * The production adapter: Mercado Pago's Payments api. Chosen over Efí because its Pix
 * charge is one bearer-token call (no mutual-TLS certificate to deploy) and its webhooks carry
 * an HMAC signature that can be checked without a client certificate.
 *
 * - create: `POST {base}/v1/payments` with `payment_method_id: 'pix'` and an
 *   `X-Idempotency-Key`; the answer's `point_of_interaction.transaction_data` holds `qr_code`
 *   (copy-paste code) and `qr_code_base64` (PNG).
 * - read: `GET {base}/v1/payments/{id}`; `status: 'approved'` is paid.
 * - webhook: `x-signature: ts=<ts>,v1=<hex>` is HMAC-SHA256, keyed with the webhook secret,
 *   of the manifest `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` where data.id comes from
 *   the query string (lower-cased) and a part absent from the notification is left out.
 */
export interface MercadoPagoOptions {
  baseUrl: string;
  accessToken: string | undefined;
  webhookSecret: string | undefined;
  timeoutMs: number;
}

interface MpPayment {
  id?: number | string;
  status?: string;
  transaction_amount?: number;
  external_reference?: string | null;
  point_of_interaction?: {
    transaction_data?: { qr_code?: string | null; qr_code_base64?: string | null };
  };
}

function toCharge(p: MpPayment): PixCharge {
  const data = p.point_of_interaction?.transaction_data;
  return {
    id: String(p.id ?? ''),
    status: String(p.status ?? ''),
    amount: Number(p.transaction_amount ?? NaN).toFixed(2),
    reference: p.external_reference ?? null,
    qrCode: data?.qr_code ?? null,
    qrCodeBase64: data?.qr_code_base64 ?? null,
  };
}

/** `ts=…,v1=…` into its parts (order and spaces do not matter). */
function signatureParts(header: string | undefined): { ts?: string; v1?: string } {
  const parts: Record<string, string> = {};
  for (const piece of (header ?? '').split(',')) {
    const [k, ...v] = piece.split('=');
    if (k && v.length) parts[k.trim()] = v.join('=').trim();
  }
  return { ts: parts.ts, v1: parts.v1 };
}

/** The signed manifest of a notification, as the provider builds it. */
export function mercadoPagoManifest(
  dataId: string | undefined,
  requestId: string | undefined,
  ts: string,
) {
  return `${dataId ? `id:${dataId.toLowerCase()};` : ''}${requestId ? `request-id:${requestId};` : ''}ts:${ts};`;
}

export function createMercadoPagoProvider(o: MercadoPagoOptions): PaymentProvider {
  const base = o.baseUrl.replace(/\/$/, '');

  async function call(method: 'GET' | 'POST', path: string, json?: unknown, key?: string) {
    if (!o.accessToken) throw new PaymentProviderError(0, path);
    const headers: Record<string, string> = { Authorization: `Bearer ${o.accessToken}` };
    if (json !== undefined) headers['Content-Type'] = 'application/json';
    if (key) headers['X-Idempotency-Key'] = key;
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers,
        body: json === undefined ? undefined : JSON.stringify(json),
        signal: AbortSignal.timeout(o.timeoutMs),
      });
    } catch {
      // A network failure or timeout: the message may hold the URL, never the token; still,
      // report only the path.
      throw new PaymentProviderError(0, path.replace(/\/\d+$/, '/:id'));
    }
    return res;
  }

  return {
    async createPixCharge(input: PixChargeInput) {
      const docDigits = input.payer.document;
      const res = await call(
        'POST',
        '/v1/payments',
        {
          transaction_amount: Number(input.amount),
          description: input.description,
          payment_method_id: 'pix',
          external_reference: input.reference,
          ...(input.notificationUrl ? { notification_url: input.notificationUrl } : {}),
          payer: {
            email: input.payer.email,
            first_name: input.payer.firstName,
            last_name: input.payer.lastName,
            identification: { type: docDigits.length === 14 ? 'CNPJ' : 'CPF', number: docDigits },
          },
        },
        input.idempotencyKey,
      );
      if (!res.ok) throw new PaymentProviderError(res.status, '/v1/payments');
      const charge = toCharge((await res.json()) as MpPayment);
      if (!charge.id || !charge.qrCode) throw new PaymentProviderError(res.status, '/v1/payments');
      return charge;
    },

    async getCharge(id: string) {
      if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) return null;
      const res = await call('GET', `/v1/payments/${encodeURIComponent(id)}`);
      if (res.status === 404) return null;
      if (!res.ok) throw new PaymentProviderError(res.status, '/v1/payments/:id');
      return toCharge((await res.json()) as MpPayment);
    },

    verifyWebhook(req: WebhookRequest) {
      if (!o.webhookSecret) return null;
      const { ts, v1 } = signatureParts(req.headers['x-signature']);
      const dataId = req.query.get('data.id') ?? req.query.get('id') ?? undefined;
      if (!ts || !v1 || !/^[0-9a-f]{64}$/i.test(v1) || !dataId) return null;
      const manifest = mercadoPagoManifest(dataId, req.headers['x-request-id'], ts);
      const expected = crypto.createHmac('sha256', o.webhookSecret).update(manifest).digest();
      if (!crypto.timingSafeEqual(expected, Buffer.from(v1, 'hex'))) return null;
      // The body names the same payment as the signed query id, or it is not this notification.
      const body = req.body as { data?: { id?: unknown } } | undefined;
      const bodyId = body?.data?.id;
      if (bodyId !== undefined && String(bodyId).toLowerCase() !== dataId.toLowerCase())
        return null;
      return dataId;
    },
  };
}
