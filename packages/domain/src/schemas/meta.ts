import { z } from 'zod';
import { MSG_INVALID_FACEBOOK_USER_ID, MSG_REQUIRED } from './validation-messages.js';

/**
 * The Meta channels' own shapes (WhatsApp Cloud API, Facebook Messenger, Instagram): the
 * connection route of docs/product/connections.md#routes (`POST /facebook`) and the webhook envelope Meta posts.
 */

/** POST /facebook: the Facebook login's user and token; Instagram accounts too when asked. */
export const facebookConnectSchema = z.object({
  /** Super admins only: the company the pages are for (the all-connections dialog). */
  companyId: z.number().int().positive().max(2_147_483_647).optional(),
  facebookUserId: z
    .string({ error: MSG_REQUIRED })
    .trim()
    .regex(/^\d{1,32}$/, MSG_INVALID_FACEBOOK_USER_ID),
  facebookUserToken: z.string({ error: MSG_REQUIRED }).trim().min(1).max(4096),
  addInstagram: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
    .optional(),
  profilePicUrl: z.string().url().max(2048).nullable().optional(),
});
export type FacebookConnectInput = z.output<typeof facebookConnectSchema>;

/** What POST /facebook answers (the lineage's `{ success: true }`) plus what it touched. */
export const facebookConnectView = z.object({
  success: z.boolean(),
  /** Connections created, and existing ones whose token was renewed. */
  created: z.number().int(),
  updated: z.number().int(),
});
export type FacebookConnectView = z.output<typeof facebookConnectView>;

/** GET /webhook: Meta's subscription check. */
export const metaWebhookVerifyQuery = z.object({
  'hub.mode': z.string().max(64).optional(),
  'hub.verify_token': z.string().max(512).optional(),
  'hub.challenge': z.string().max(512).optional(),
});

/**
 * POST /webhook: the envelope of every Meta webhook (`object` is `whatsapp_business_account`,
 * `page` or `instagram`); each entry is mapped by its channel's mapper, which reads it
 * defensively, so unknown fields pass through.
 */
export const metaWebhookSchema = z.looseObject({
  object: z.string().max(64),
  entry: z.array(z.record(z.string(), z.unknown())).max(1000),
});
export type MetaWebhookPayload = z.output<typeof metaWebhookSchema>;

/** What a webhook POST answers: Meta only reads the status. */
export const metaWebhookView = z.object({ received: z.number().int() });
