import { z } from 'zod';

/** A queue as lists and pickers show it (the queues page of the channels issue adds more). */
export const queueListView = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  orderQueue: z.number().nullable(),
});
