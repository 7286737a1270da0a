import { eventBinding } from '@/lib/realtime/socket-cache';
import { kanbanKeys } from './queries';

/**
 * `company-{id}-ticket` (sent to the rooms allowed to see the ticket): any change — a new
 * ticket, a status or attendant change, a lane set or cleared, a delete — refetches the
 * board's cards, which the server filters and orders.
 */
export const kanbanTicketSocketBinding = eventBinding({
  entity: 'ticket',
  recordField: 'ticket',
  idField: 'ticketId',
  strategy: 'invalidate',
  invalidate: [kanbanKeys.tickets()],
});

/**
 * `company-{id}-tag`: a lane created, renamed, recoloured or deleted refetches the lanes, the
 * lanes page and the cards (whose tags carry the lane's name and colour).
 */
export const kanbanTagSocketBinding = eventBinding({
  entity: 'tag',
  recordField: 'tag',
  idField: 'tagId',
  strategy: 'invalidate',
  invalidate: [kanbanKeys.lanes(), kanbanKeys.lanePages(), kanbanKeys.tickets()],
});
