import { kanbanLanesView, kanbanTicketsQuery, kanbanTicketView, paged } from '@atendo/domain';
import { route } from '../define.js';

/**
 * The kanban board (docs/product/kanban-and-tags.md, plan flag useKanban): its lanes and its cards. Cards move through
 * the ticket-tags routes (tags.ts); the board follows company-{id}-ticket live.
 */
export const kanbanRoutes = {
  kanbanLanes: route({
    method: 'GET',
    path: '/tag/kanban',
    access: 'user',
    tag: 'kanban',
    summary: "The company's kanban lanes (tags with kanban=1), by id",
    response: kanbanLanesView,
  }),
  kanbanTickets: route({
    method: 'GET',
    path: '/ticket/kanban',
    access: 'user',
    tag: 'kanban',
    summary:
      'The open and pending tickets the caller sees, as board cards (400 a page, latest first)',
    query: kanbanTicketsQuery,
    response: paged('tickets', kanbanTicketView),
  }),
} as const;
