import {
  createTicketNoteSchema,
  idParams,
  messageView,
  ticketNoteListQuery,
  ticketNoteView,
} from '@atendo/domain';
import { z } from 'zod';
import { route } from '../define.js';

/** Private notes on tickets (docs/product/tickets.md#routes, the contact drawer). */
export const ticketNotesRoutes = {
  ticketNotesList: route({
    method: 'GET',
    path: '/ticket-notes/list',
    access: 'user',
    tag: 'ticket-notes',
    summary: 'Notes of a ticket and/or contact, newest first, with author names',
    query: ticketNoteListQuery,
    response: z.array(ticketNoteView),
  }),
  ticketNotesCreate: route({
    method: 'POST',
    path: '/ticket-notes',
    access: 'user',
    tag: 'ticket-notes',
    summary: 'Add a note to a ticket',
    body: createTicketNoteSchema,
    status: 201,
    response: ticketNoteView,
  }),
  ticketNotesDelete: route({
    method: 'DELETE',
    path: '/ticket-notes/:id',
    access: 'user',
    tag: 'ticket-notes',
    summary: 'Delete a note (its author, or an admin)',
    params: idParams,
    response: messageView,
  }),
} as const;
