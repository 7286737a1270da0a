import type { ModuleHttp } from '../../http/define-routes.js';
import { createTicketNote } from '@atendo/core/modules/ticket-notes/create-ticket-note.js';
import { deleteTicketNote } from '@atendo/core/modules/ticket-notes/delete-ticket-note.js';
import { listTicketNotes } from '@atendo/core/modules/ticket-notes/list-ticket-notes.js';

export const ticketNotesHttp: ModuleHttp = (ctx) => ({
  handlers: {
    ticketNotesList: ({ auth, query }) => listTicketNotes(ctx, { auth, ...query }),
    ticketNotesCreate: ({ auth, body }) => createTicketNote(ctx, { auth, input: body }),
    ticketNotesDelete: ({ auth, params }) => deleteTicketNote(ctx, { auth, id: params.id }),
  },
});
