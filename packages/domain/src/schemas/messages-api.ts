import { z } from 'zod';
import { MSG_MESSAGE_NUMBER } from './validation-messages.js';

/** Multipart fields arrive as text: "" and absent are the same, "true"/"1" are yes. */
const optionalId = z.preprocess(
  (v) => (v === '' || v === null || v === 'null' ? undefined : v),
  z.coerce.number().int().positive().optional(),
);
const flag = z.preprocess(
  (v) => (typeof v === 'string' ? ['true', '1', 'on', 'yes'].includes(v.toLowerCase()) : v),
  z.boolean().default(false),
);

/**
 * POST /api/messages/send (docs/product/messages-api.md#routes, docs/product/messages-api.md#sending): JSON for text, multipart with `medias`
 * for files. The number is digits only, with country code, area code and number.
 */
export const apiSendMessageSchema = z.object({
  number: z
    .string()
    .trim()
    .regex(/^\d{10,15}$/, MSG_MESSAGE_NUMBER),
  body: z.string().max(65_536).default(''),
  userId: optionalId,
  queueId: optionalId,
  sendSignature: flag,
  closeTicket: flag,
});
export type ApiSendMessageInput = z.output<typeof apiSendMessageSchema>;

/** What an integrator gets back: the lineage's confirmation plus what was created. */
export const apiSendMessageView = z.object({
  mensagem: z.string(),
  ticketId: z.number(),
  messageIds: z.array(z.number()),
});
