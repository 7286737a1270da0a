import crypto from 'node:crypto';
import { AppError } from '@atendo/domain';
import { isDatabaseUnavailable } from '@atendo/core/db/unavailable.js';
import type { Handler, ModuleHttp } from '../../http/define-routes.js';
import type { AppContext } from '@atendo/core/context.js';
import { connectFacebookPages } from '@atendo/core/modules/connections/connect-facebook-pages.js';
import { receiveMetaWebhook } from '@atendo/core/modules/meta/receive-meta-webhook.js';
import { requireMetaSignature } from './webhook-signature.js';

const sameSecret = (a: string, b: string) => {
  const x = crypto.createHash('sha256').update(a).digest();
  const y = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(x, y);
};

/**
 * Meta's subscription check: `hub.mode=subscribe` with our META_VERIFY_TOKEN answers the
 * challenge as plain text (Meta compares the body byte for byte); anything else, or no token
 * configured, is 403.
 */
const verify =
  (ctx: AppContext): Handler<'metaWebhookVerify'> & Handler<'metaCloudWebhookVerify'> =>
  async ({ query, res }) => {
    const expected = ctx.config.META_VERIFY_TOKEN;
    const given = query['hub.verify_token'];
    if (
      query['hub.mode'] !== 'subscribe' ||
      !expected ||
      !given ||
      !sameSecret(given, expected) ||
      query['hub.challenge'] === undefined
    )
      throw new AppError('ERR_NO_PERMISSION');
    res.status(200).type('text/plain').send(query['hub.challenge']);
  };

/**
 * A signed webhook (the signature is checked before this runs): 200 once every item was
 * handed to the pipeline; a failure other than an item's own content (a media download) answers
 * 500, and PostgreSQL unreachable 503 (docs/operations.md#when-postgresql-restarts), so Meta redelivers, and what was stored deduplicates.
 */
const receive =
  (ctx: AppContext): Handler<'metaWebhookReceive'> & Handler<'metaCloudWebhookReceive'> =>
  async ({ body }) => {
    const { received, retry, failure } = await receiveMetaWebhook(ctx, body);
    // A database that is down answers as such (503), anything else as an internal error.
    if (retry) throw isDatabaseUnavailable(failure) ? failure : new AppError('ERR_INTERNAL');
    return { received };
  };

export const metaHttp: ModuleHttp = (ctx) => ({
  handlers: {
    metaWebhookVerify: verify(ctx),
    metaCloudWebhookVerify: verify(ctx),
    metaWebhookReceive: receive(ctx),
    metaCloudWebhookReceive: receive(ctx),
    facebookConnect: async ({ auth, body }) => connectFacebookPages(ctx, { auth, input: body }),
  },
  before: {
    metaWebhookReceive: [requireMetaSignature(ctx)],
    metaCloudWebhookReceive: [requireMetaSignature(ctx)],
  },
});
