import { z } from 'zod';
import {
  MSG_REQUIRED_PT,
  MSG_TICKET_OR_CONTACT_REQUIRED,
  MSG_TOO_LONG,
  MSG_TOO_SHORT,
} from './validation-messages.js';
import { idParam } from './common.js';

/** A ticket note (docs/product/tickets.md#validation): required, at least 2 characters. */
export const ticketNoteText = z
  .string({ error: MSG_REQUIRED_PT })
  .trim()
  .min(1, { message: MSG_REQUIRED_PT, abort: true })
  .min(2, MSG_TOO_SHORT)
  .max(10_000, MSG_TOO_LONG);

export const createTicketNoteSchema = z.object({
  note: ticketNoteText,
  ticketId: idParam,
  /** The ticket's contact; taken from the ticket when absent. */
  contactId: idParam.optional(),
});
export type CreateTicketNoteInput = z.infer<typeof createTicketNoteSchema>;

/** `GET /ticket-notes/list`: the notes of a ticket, of a contact, or of both together. */
export const ticketNoteListQuery = z
  .object({ ticketId: idParam.optional(), contactId: idParam.optional() })
  .refine((q) => q.ticketId !== undefined || q.contactId !== undefined, {
    message: MSG_TICKET_OR_CONTACT_REQUIRED,
    path: ['ticketId'],
  });
