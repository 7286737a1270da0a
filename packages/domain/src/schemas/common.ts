import { z } from 'zod';
import { MSG_INVALID_COLOR, MSG_INVALID_TIME } from './validation-messages.js';

/** "HH:MM" on a 24-hour clock. */
export const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, MSG_INVALID_TIME);

/** A hex colour such as #FF00AA (3 to 9 characters, docs/product/settings.md#validation). */
export const hexColor = z
  .string()
  .min(3)
  .max(9)
  .regex(/^#?[0-9a-fA-F]{3,8}$/, MSG_INVALID_COLOR);

export const enabledFlag = z.enum(['enabled', 'disabled']);

/** Query-string ids and numbers arrive as text; accept both. */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);

/** The pageNumber query parameter of the paged lists (1-based). */
export const pageQuery = z.object({
  searchParam: z.string().max(200).optional().default(''),
  pageNumber: z.coerce.number().int().min(1).max(100000).optional().default(1),
});

/** `:id` in a route path. */
export const idParams = z.object({ id: idParam });
