import { z } from 'zod';
import { MSG_REQUIRED_PT, MSG_TOO_LONG } from './validation-messages.js';
import { pageQuery } from './common.js';

/** The shortcode typed after "/" in the composer (docs/product/messages.md: required). */
export const quickMessageShortcode = z
  .string({ error: MSG_REQUIRED_PT })
  .trim()
  .min(1, { message: MSG_REQUIRED_PT, abort: true })
  .max(100, MSG_TOO_LONG);

const fields = {
  message: z.string().max(20_000, MSG_TOO_LONG).nullable().optional(),
  /** Shared with every user of the company. */
  geral: z.boolean().optional(),
  /** Active (visible in the composer). */
  visao: z.boolean().optional(),
  status: z.string().max(50).nullable().optional(),
};

export const createQuickMessageSchema = z.object({ shortcode: quickMessageShortcode, ...fields });
export type CreateQuickMessageInput = z.infer<typeof createQuickMessageSchema>;

export const updateQuickMessageSchema = z.object({
  shortcode: quickMessageShortcode.optional(),
  ...fields,
});
export type UpdateQuickMessageInput = z.infer<typeof updateQuickMessageSchema>;

/** `GET /quick-messages`: a page of the messages the caller sees, searched by shortcode or text. */
export const quickMessagePageQuery = pageQuery;

/** `GET /quick-messages/list`: companyId and userId are the caller's; other values are ignored. */
export const quickMessageListQuery = z.object({
  companyId: z.coerce.number().int().optional(),
  userId: z.coerce.number().int().optional(),
});
