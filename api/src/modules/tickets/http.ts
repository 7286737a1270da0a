import type { ModuleHttp } from '../../http/define-routes.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../auth/tokens.js';
import { forCaller, forCallerJson } from './mask-ticket-numbers.js';
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

export const ticketsHttp: ModuleHttp = (ctx) => {
  const db = (auth: Principal) => tenantData(ctx.ds, auth.companyId);
  return {
    handlers: {
      ticketsIndex: async ({ auth, query }) =>
        forCallerJson(db(auth), auth, 'ticketsIndex', await listTickets(ctx, { auth, query })),
      ticketsShowUuid: async ({ auth, params }) =>
        forCaller(db(auth), auth, await showTicket(ctx, { auth, ref: params.ticketId })),
      ticketsShow: async ({ auth, params }) =>
        forCaller(db(auth), auth, await showTicket(ctx, { auth, ref: params.id })),
      ticketsCreate: async ({ auth, body }) =>
        forCaller(db(auth), auth, await createTicket(ctx, { auth, input: body })),
      ticketsUpdate: async ({ auth, params, body }) =>
        forCaller(
          db(auth),
          auth,
          await updateTicket(ctx, { auth, ticketId: params.id, input: body }),
        ),
      ticketsIgnore: async ({ auth, params }) =>
        forCaller(db(auth), auth, await ignoreTicket(ctx, { auth, ticketId: params.id })),
      ticketsDelete: ({ auth, params }) => deleteTicket(ctx, { auth, ticketId: params.id }),
      ticketsCloseAll: ({ auth, body }) =>
        closeAllTickets(ctx, { auth, status: body.status, queueIds: body.selectedQueueIds }),
      ticketsLgpdResponse: async ({ auth, body }) => {
        const ticket = await findTicket(ctx, { auth, ref: body.ticketId });
        const answer = await answerLgpd(ctx, {
          auth,
          ticketId: ticket.id,
          accepted: body.accepted,
        });
        return forCaller(db(auth), auth, answer);
      },
      ticketsLog: ({ auth, params }) => listTicketLogs(ctx, { auth, ref: params.ticketId }),
    },
  };
};
