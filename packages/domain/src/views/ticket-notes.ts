import { z } from 'zod';
import { nullableDate } from './common.js';

/** A private note on a ticket, with its author's name. */
export const ticketNoteView = z.object({
  id: z.number(),
  note: z.string(),
  ticketId: z.number(),
  contactId: z.number(),
  userId: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  createdAt: nullableDate,
  updatedAt: nullableDate,
});
export type TicketNoteView = z.output<typeof ticketNoteView>;
