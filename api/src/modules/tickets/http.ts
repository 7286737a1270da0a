import { sqlJson, type ModuleHttp } from '../../http/define-routes.js';
import { answerLgpd } from './answer-lgpd.js';
import { closeAllTickets } from './close-all-tickets.js';
import { createTicket } from './create-ticket.js';
import { deleteTicket } from './delete-ticket.js';
import { findTicket } from './find-ticket.js';
import { ignoreTicket } from './ignore-ticket.js';
import { listTicketLogs } from './list-ticket-logs.js';
import { listTickets } from './list-tickets.js';
import { showTicket } from './show-ticket.js';
import { updateTicket } from './update-ticket.js';

export const ticketsHttp: ModuleHttp = (ctx) => ({
  handlers: {
    ticketsIndex: async ({ auth, query }) =>
      sqlJson('ticketsIndex', await listTickets(ctx, { auth, query })),
    ticketsShowUuid: ({ auth, params }) => showTicket(ctx, { auth, ref: params.ticketId }),
    ticketsShow: ({ auth, params }) => showTicket(ctx, { auth, ref: params.id }),
    ticketsCreate: ({ auth, body }) => createTicket(ctx, { auth, input: body }),
    ticketsUpdate: ({ auth, params, body }) =>
      updateTicket(ctx, { auth, ticketId: params.id, input: body }),
    ticketsIgnore: ({ auth, params }) => ignoreTicket(ctx, { auth, ticketId: params.id }),
    ticketsDelete: ({ auth, params }) => deleteTicket(ctx, { auth, ticketId: params.id }),
    ticketsCloseAll: ({ auth, body }) =>
      closeAllTickets(ctx, { auth, status: body.status, queueIds: body.selectedQueueIds }),
    ticketsLgpdResponse: async ({ auth, body }) => {
      const ticket = await findTicket(ctx, { auth, ref: body.ticketId });
      return answerLgpd(ctx, { auth, ticketId: ticket.id, accepted: body.accepted });
    },
    ticketsLog: ({ auth, params }) => listTicketLogs(ctx, { auth, ref: params.ticketId }),
  },
});
