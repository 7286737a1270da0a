import { sqlJson, type ModuleHttp } from '../../http/define-routes.js';
import { answerLgpd } from '@atendo/core/modules/tickets/answer-lgpd.js';
import { closeAllTickets } from '@atendo/core/modules/tickets/close-all-tickets.js';
import { createTicket } from '@atendo/core/modules/tickets/create-ticket.js';
import { deleteTicket } from '@atendo/core/modules/tickets/delete-ticket.js';
import { findTicket } from '@atendo/core/modules/tickets/find-ticket.js';
import { ignoreTicket } from '@atendo/core/modules/tickets/ignore-ticket.js';
import { listTicketLogs } from '@atendo/core/modules/tickets/list-ticket-logs.js';
import { listTickets } from '@atendo/core/modules/tickets/list-tickets.js';
import { showTicket } from '@atendo/core/modules/tickets/show-ticket.js';
import { updateTicket } from '@atendo/core/modules/tickets/update-ticket.js';

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
