import { z } from 'zod';
import { nullableDate } from './common.js';

/** A quick reply; mediaUrl is the authenticated private path of its attachment. */
export const quickMessageView = z.object({
  id: z.number(),
  shortcode: z.string(),
  message: z.string().nullable(),
  geral: z.boolean(),
  visao: z.boolean(),
  status: z.string().nullable(),
  userId: z.number().nullable(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  isMedia: z.boolean(),
  createdAt: nullableDate,
  updatedAt: nullableDate,
});
export type QuickMessageView = z.output<typeof quickMessageView>;
