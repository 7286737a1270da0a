import { AppError, isAdministrator, type TicketView, type UpdateTicketInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { TicketEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { acceptTicket } from './accept-ticket.js';
import { closeTicket } from './close-ticket.js';
import { reopenTicket } from './reopen-ticket.js';
import { returnTicketToQueue } from './return-ticket-to-queue.js';
import { changeTicket, placeOf } from './ticket-change.js';
import { transferTicket } from './transfer-ticket.js';

/**
 * PUT /tickets/:id: the console sends one transition as a set of fields (docs/product/tickets.md#routes); this
 * reads which one it is and runs its use case. Fields that change no status (the chatbot and
 * integration toggles) are a plain update by the owner or an admin.
 */
export async function updateTicket(
  ctx: AppContext,
  o: { auth: Principal; ticketId: number; input: UpdateTicketInput },
): Promise<TicketView> {
  const i = o.input;
  const base = { auth: o.auth, ticketId: o.ticketId };
  const whatsappId =
    i.whatsappId === undefined || i.whatsappId === null ? undefined : Number(i.whatsappId);
  const transfer =
    i.isTransfered === true ||
    (i.msgTransfer !== undefined && i.msgTransfer !== null) ||
    whatsappId !== undefined;
  const current = await currentStatus(ctx, o);
  if (i.status === 'closed')
    return closeTicket(ctx, { ...base, sendFarewellMessage: i.sendFarewellMessage });
  if (transfer || (i.status === 'pending' && i.userId))
    return transferTicket(ctx, {
      ...base,
      queueId: i.queueId,
      userId: i.userId ?? null,
      whatsappId,
      msgTransfer: i.msgTransfer,
    });
  if (i.status === 'open')
    return current === 'closed'
      ? reopenTicket(ctx, { ...base, queueId: i.queueId })
      : acceptTicket(ctx, { ...base, queueId: i.queueId });
  if (i.status === 'pending') return returnTicketToQueue(ctx, { ...base, queueId: i.queueId });
  if (i.queueId !== undefined && i.queueId !== null)
    return transferTicket(ctx, { ...base, queueId: i.queueId, userId: i.userId ?? null });
  return changeTicket(ctx, base, async ({ tx, ticket, viewer, change }) => {
    if (ticket.userId !== viewer.id && !isAdministrator(viewer))
      throw new AppError('ERR_NO_PERMISSION');
    const patch = {
      ...(i.useIntegration !== undefined && { useIntegration: i.useIntegration }),
      ...(i.integrationId !== undefined && { integrationId: i.integrationId }),
      ...(i.promptId !== undefined && { promptId: i.promptId }),
      ...(i.amountUsedBotQueues !== undefined && { amountUsedBotQueues: i.amountUsedBotQueues }),
      ...(i.isBot !== undefined && { isBot: i.isBot }),
      ...(i.chatbot !== undefined && { chatbot: i.chatbot }),
    };
    if (Object.keys(patch).length === 0) return;
    await tx.of(TicketEntity).update({ id: ticket.id }, patch);
    change.moved.push({ ticketId: ticket.id, before: placeOf(ticket) });
  });
}

async function currentStatus(ctx: AppContext, o: { auth: Principal; ticketId: number }) {
  const t = await tenantData(ctx.ds, o.auth.companyId)
    .of(TicketEntity)
    .findOne({ where: { id: o.ticketId }, select: { id: true, status: true } });
  if (!t) throw new AppError('ERR_NO_TICKET_FOUND');
  return t.status;
}
