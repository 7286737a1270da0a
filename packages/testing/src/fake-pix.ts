import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Mercado Pago's Payments api, speaking the part of its documented
 * protocol the api's adapter uses, so tests (api, browser) exercise the real adapter:
 *
 * - `POST /v1/payments` (bearer token, `X-Idempotency-Key` required; a repeated key returns the
 *   first payment) with `payment_method_id: 'pix'` answers 201 with
 *   `point_of_interaction.transaction_data.{qr_code, qr_code_base64}`, status 'pending';
 * - `GET /v1/payments/{id}` answers the payment, 404 for an unknown id;
 * - `pay(id)` approves a payment as a payer would, and `notify(url, id)` posts the signed
 *   notification (`?data.id=…&type=payment`, `x-signature: ts=…,v1=HMAC-SHA256(secret,
 *   "id:<id>;request-id:<x-request-id>;ts:<ts>;")`, `x-request-id`).
 */
export interface FakePixPayment {
  id: number;
  status: 'pending' | 'approved';
  transaction_amount: number;
  description: string;
  payment_method_id: string;
  external_reference: string | null;
  notification_url: string | null;
  payer: unknown;
  point_of_interaction: {
    type: 'PIX';
    transaction_data: { qr_code: string; qr_code_base64: string; ticket_url: string };
  };
}

export interface FakePix {
  /** Base URL of the fake (MERCADOPAGO_API_URL). */
  url: string;
  accessToken: string;
  webhookSecret: string;
  payments: Map<number, FakePixPayment>;
  /** Every request received: method, path and headers (to check what the api sent). */
  requests: { method: string; path: string; headers: http.IncomingHttpHeaders; body: string }[];
  /** Creates a payment directly in the fake (a charge the api did not ask for). */
  addPayment(p: Partial<FakePixPayment> & { transaction_amount: number }): FakePixPayment;
  /** Marks a payment approved, as a payer scanning the code would. */
  pay(id: number | string): void;
  /** The signed notification headers and query for a payment id. */
  signedNotification(
    id: number | string,
    o?: { secret?: string; requestId?: string; ts?: number },
  ): { query: string; headers: Record<string, string>; body: string };
  /** Posts the signed notification of `id` to `webhookUrl` (the api's /subscription/webhook). */
  notify(webhookUrl: string, id: number | string, o?: { secret?: string }): Promise<Response>;
  /** Approves the payment and posts its notification. */
  payAndNotify(webhookUrl: string, id: number | string): Promise<Response>;
  close(): Promise<void>;
}

/** A 1×1 PNG: stands in for the provider's QR code image. */
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A copy-paste Pix code shaped like an EMV payload (not a payable one). */
function pixCode(id: number, amount: number): string {
  const value = amount.toFixed(2);
  return `00020126580014BR.GOV.BCB.PIX0136fake-pix-${id}5204000053039865406${value.length.toString().padStart(2, '0')}${value}5802BR5913ATENDO FAKE6009SAO PAULO62070503***6304ABCD`;
}

export async function startFakePix(
  o: { accessToken?: string; webhookSecret?: string } = {},
): Promise<FakePix> {
  const accessToken = o.accessToken ?? 'TEST-fake-access-token-0000';
  const webhookSecret = o.webhookSecret ?? 'fake-webhook-secret-0000';
  const payments = new Map<number, FakePixPayment>();
  const byKey = new Map<string, number>();
  const requests: FakePix['requests'] = [];
  let nextId = 1_000_000_001;

  function create(p: Partial<FakePixPayment> & { transaction_amount: number }): FakePixPayment {
    const id = nextId++;
    const payment: FakePixPayment = {
      id,
      status: 'pending',
      description: '',
      payment_method_id: 'pix',
      external_reference: null,
      notification_url: null,
      payer: null,
      ...p,
      point_of_interaction: {
        type: 'PIX',
        transaction_data: {
          qr_code: pixCode(id, p.transaction_amount),
          qr_code_base64: PNG_1X1,
          ticket_url: `https://fake-pix.local/payments/${id}/ticket`,
        },
      },
    };
    payments.set(id, payment);
    return payment;
  }

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      requests.push({ method: req.method ?? '', path, headers: req.headers, body: raw });
      if (req.headers.authorization !== `Bearer ${accessToken}`)
        return send(res, 401, { message: 'invalid access token', status: 401 });
      if (req.method === 'POST' && path === '/v1/payments') {
        const key = req.headers['x-idempotency-key'];
        if (typeof key !== 'string' || !key)
          return send(res, 400, { message: 'X-Idempotency-Key required', status: 400 });
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          return send(res, 400, { message: 'invalid json', status: 400 });
        }
        const amount = Number(body.transaction_amount);
        if (body.payment_method_id !== 'pix' || !(amount > 0))
          return send(res, 400, { message: 'invalid payment', status: 400 });
        const existing = byKey.get(key);
        if (existing) return send(res, 201, payments.get(existing));
        const payment = create({
          transaction_amount: amount,
          description: String(body.description ?? ''),
          external_reference: (body.external_reference as string | undefined) ?? null,
          notification_url: (body.notification_url as string | undefined) ?? null,
          payer: body.payer ?? null,
        });
        byKey.set(key, payment.id);
        return send(res, 201, payment);
      }
      const m = /^\/v1\/payments\/(\d+)$/.exec(path);
      if (req.method === 'GET' && m) {
        const payment = payments.get(Number(m[1]));
        return payment
          ? send(res, 200, payment)
          : send(res, 404, { message: 'Payment not found', status: 404 });
      }
      send(res, 404, { message: 'not found', status: 404 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakePix = {
    url,
    accessToken,
    webhookSecret,
    payments,
    requests,
    addPayment: create,
    pay(id) {
      const payment = payments.get(Number(id));
      if (!payment) throw new Error(`fake-pix: no payment ${id}`);
      payment.status = 'approved';
    },
    signedNotification(id, opts = {}) {
      const ts = String(opts.ts ?? Date.now());
      const requestId = opts.requestId ?? crypto.randomUUID();
      const dataId = String(id).toLowerCase();
      const manifest = `id:${dataId};request-id:${requestId};ts:${ts};`;
      const v1 = crypto
        .createHmac('sha256', opts.secret ?? webhookSecret)
        .update(manifest)
        .digest('hex');
      return {
        query: `?data.id=${encodeURIComponent(dataId)}&type=payment`,
        headers: {
          'Content-Type': 'application/json',
          'x-signature': `ts=${ts},v1=${v1}`,
          'x-request-id': requestId,
        },
        body: JSON.stringify({
          action: 'payment.updated',
          api_version: 'v1',
          type: 'payment',
          live_mode: false,
          data: { id: dataId },
        }),
      };
    },
    async notify(webhookUrl, id, opts = {}) {
      const n = fake.signedNotification(id, opts);
      return fetch(`${webhookUrl}${n.query}`, { method: 'POST', headers: n.headers, body: n.body });
    },
    async payAndNotify(webhookUrl, id) {
      fake.pay(id);
      return fake.notify(webhookUrl, id);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
