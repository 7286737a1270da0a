import {
  facebookConnectSchema,
  facebookConnectView,
  metaWebhookSchema,
  metaWebhookVerifyQuery,
  metaWebhookView,
} from '@atendo/domain';
import { route } from '../define.js';

/**
 * The Meta channels (WhatsApp Cloud API, Facebook Messenger, Instagram). The webhooks are
 * public: Meta proves who it is with X-Hub-Signature-256 (HMAC-SHA256 of the raw body with
 * the app secret), checked before anything is read. `/webhook` takes every Meta product
 * (the lineage's path); `/webhook/whatsapp` is the same endpoint for a Cloud API app
 * configured with its own callback URL.
 */
const verify = {
  method: 'GET',
  access: 'public',
  tag: 'meta',
  summary:
    "Meta's webhook subscription check: answers hub.challenge as text (403 on a wrong token)",
  query: metaWebhookVerifyQuery,
} as const;
const receive = {
  method: 'POST',
  access: 'public',
  tag: 'meta',
  summary: 'A signed Meta webhook (messages, statuses, reads, deliveries)',
  body: metaWebhookSchema,
  response: metaWebhookView,
} as const;

export const metaRoutes = {
  metaWebhookVerify: route({ ...verify, path: '/webhook' }),
  metaWebhookReceive: route({ ...receive, path: '/webhook' }),
  metaCloudWebhookVerify: route({ ...verify, path: '/webhook/whatsapp' }),
  metaCloudWebhookReceive: route({ ...receive, path: '/webhook/whatsapp' }),
  facebookConnect: route({
    method: 'POST',
    path: '/facebook',
    access: 'admin',
    tag: 'meta',
    summary:
      'Connect the Facebook pages (and their Instagram accounts with addInstagram) of a Facebook login',
    body: facebookConnectSchema,
    response: facebookConnectView,
  }),
};
