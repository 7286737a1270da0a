import type { ModuleHttp } from '../../http/define-routes.js';
import { confirmPayment } from '@atendo/core/modules/payments/confirm-payment.js';
import { createSubscription } from '@atendo/core/modules/payments/create-subscription.js';

export const paymentsHttp: ModuleHttp = (ctx) => ({
  handlers: {
    subscriptionCreate: ({ auth, body }) => createSubscription(ctx, { auth, input: body }),
    // The signed id is read from the raw query string: `data.id` is a key with a dot in it.
    paymentWebhook: ({ req, body }) =>
      confirmPayment(ctx, {
        headers: {
          'x-signature': req.get('x-signature'),
          'x-request-id': req.get('x-request-id'),
        },
        query: new URL(req.originalUrl, 'http://webhook.local').searchParams,
        body,
      }),
  },
});
