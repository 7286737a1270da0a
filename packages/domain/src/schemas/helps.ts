import { z } from 'zod';
import { MSG_INVALID_VIDEO_CODE, MSG_REQUIRED } from './validation-messages.js';
import { pageQuery } from './common.js';

/**
 * A YouTube video code (the `v=` of a watch link, 11 characters today). Only the code is
 * stored, so the console builds the thumbnail and the privacy-enhanced embed itself and no
 * arbitrary URL ever reaches an iframe.
 */
export const helpVideoCode = z
  .string()
  .trim()
  .max(64)
  .regex(/^[A-Za-z0-9_-]*$/, MSG_INVALID_VIDEO_CODE);

/** A help article as the super admin writes it (docs/product/settings.md Help, docs/product/settings.md#validation Help item). */
export const helpSchema = z.object({
  title: z.string().trim().min(1, MSG_REQUIRED).max(200),
  video: helpVideoCode.nullable().optional(),
  description: z.string().trim().max(5000).nullable().optional(),
});
export type HelpInput = z.infer<typeof helpSchema>;

/** PUT /helps/:id: any subset of the fields. */
export const updateHelpSchema = helpSchema.partial();

/** GET /helps: the admin list's search (title) and page. */
export const helpsQuery = pageQuery;
