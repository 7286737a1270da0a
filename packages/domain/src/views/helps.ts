import { z } from 'zod';

/** A help article of the help drawer. */
export const helpView = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable().optional(),
  video: z.string().nullable().optional(),
});
