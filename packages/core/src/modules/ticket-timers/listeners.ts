import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import { ConnectionTimersCache, sameTimers } from './connection-timers-cache.js';
import { hasTimersFor } from './plan-ticket-timers.js';
import { resumeConnectionTimers } from './resume-ticket-timers.js';
import {
  nudgeQueueRotation,
  nudgeTicketTimers,
  wakeQueueRotation,
  wakeTicketTimers,
} from './start-ticket-timers.js';

/**
 * Starts and nudges the ticket timers and queue rotations from domain events (after the use
 * case committed). Inbound messages need nothing: a new message only moves a ticket's
 * deadlines later, and its workflow sees that when it wakes. A ticket's own event (created,
 * or moved: accepted, transferred, back to the queue, rating asked, closed) matters only on
 * a connection with timers; which connections have them is cached per company, so in the
 * common case (no timers) an event costs neither a query nor a Temporal call.
 */
export function registerTicketTimerListeners(ctx: AppContext): void {
  const cache = new ConnectionTimersCache(ctx.ds, ctx.config.HOURS_CLOSE_TICKETS_AUTO);

  const onTicket = async ({ companyId, ticketId }: { companyId: number; ticketId: number }) => {
    const timers = await cache.of(companyId);
    if (!timers.size) return;
    const [ticket] = await tenantData(ctx.ds, companyId).query<{
      status: string;
      whatsappId: number | null;
    }>(`SELECT status, "whatsappId" FROM tickets WHERE "companyId" = $1 AND id = $2`, [
      companyId,
      ticketId,
    ]);
    const settings = ticket?.whatsappId ? timers.get(ticket.whatsappId) : undefined;
    if (!ticket || !settings) return;
    if (hasTimersFor(settings, ticket.status)) await nudgeTicketTimers(ctx, companyId, ticketId);
    // Closed (or out of the timers' reach): a running workflow ends now instead of at its deadline.
    else await wakeTicketTimers(ctx, ticketId);
  };
  ctx.events.on('ticket.created', onTicket);
  ctx.events.on('ticket.updated', onTicket);

  ctx.events.on('whatsapp.created', ({ companyId }) => cache.forget(companyId));
  ctx.events.on('whatsapp.deleted', ({ companyId }) => cache.forget(companyId));
  ctx.events.on('whatsapp.updated', async ({ companyId, whatsapp }) => {
    const cached = await cache.peek(companyId);
    cache.forget(companyId);
    const now = (await cache.of(companyId)).get(whatsapp.id);
    // Unknown before (nothing cached): treat as changed.
    if (!now || (cached && sameTimers(cached.get(whatsapp.id), now))) return;
    await resumeConnectionTimers(ctx, companyId, whatsapp.id);
  });

  ctx.events.on('queue.updated', async ({ companyId, queue }) => {
    if (queue.ativarRoteador && queue.tempoRoteador > 0)
      await nudgeQueueRotation(ctx, companyId, queue.id);
    else await wakeQueueRotation(ctx, queue.id);
  });
  ctx.events.on('queue.deleted', async ({ queueId }) => {
    await wakeQueueRotation(ctx, queueId);
  });
}
