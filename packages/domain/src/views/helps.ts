import { z } from 'zod';

/** A help article of the help drawer. */
export const helpView = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable().optional(),
  video: z.string().nullable().optional(),
});
export type HelpView = z.infer<typeof helpView>;

/** GET /helps: one page of the admin list, as this product family's consoles read it. */
export const helpsPageView = z.object({
  records: z.array(helpView),
  count: z.number(),
  hasMore: z.boolean(),
});
