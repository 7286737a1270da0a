import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { TicketEntity, UserEntity } from '../../db/entities/index.js';
import type { Principal } from '../../access/principal.js';
import { changeTicket, connectionOf, placeOf, renderForTicket } from './ticket-change.js';
import { logTicket, track } from './ticket-history.js';
import { isOn, readSettings } from './ticket-settings.js';

/**
 * Close / resolve (docs/product/tickets.md#status-transitions, docs/product/tickets.md#closing-and-rating). With requiredTag the contact (or the ticket)
 * must carry a tag. With userRating on, a rating message on the connection, not a group and
 * no rating yet in this cycle, the rating question is sent and the ticket waits in `nps`.
 * Otherwise the farewell (the closer's farewellMessage, else the connection's completion
 * message; for a waiting ticket only with sendFarewellWaitingTicket) and `closed`.
 */
export function closeTicket(
  ctx: AppContext,
  o: { auth: Principal; ticketId: number; sendFarewellMessage?: boolean },
) {
  return changeTicket(ctx, o, async ({ tx, ticket, viewer, change, say }) => {
    if (!['open', 'pending', 'group', 'nps', 'lgpd'].includes(ticket.status))
      throw new AppError('ERR_NO_PERMISSION');
    const settings = await readSettings(tx, [
      'requiredTag',
      'userRating',
      'sendFarewellWaitingTicket',
    ]);
    if (isOn(settings.requiredTag)) {
      const [{ tagged }] = (await tx.query<{ tagged: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM contact_tags WHERE "companyId" = $1 AND "contactId" = $2)
             OR EXISTS (SELECT 1 FROM ticket_tags WHERE "companyId" = $1 AND "ticketId" = $3) AS tagged`,
        [tx.companyId, ticket.contactId, ticket.id],
      )) as [{ tagged: boolean }];
      if (!tagged) throw new AppError('ERR_TICKET_TAG_REQUIRED');
    }
    const before = placeOf(ticket);
    const connection = await connectionOf(tx, ticket);
    const [cycle] = await tx.query<{ rated: boolean; ratingAt: Date | null }>(
      `SELECT rated, "ratingAt" FROM ticket_traking WHERE "companyId" = $1 AND "ticketId" = $2
        ORDER BY id DESC LIMIT 1`,
      [tx.companyId, ticket.id],
    );
    const userId = ticket.userId ?? viewer.id;
    const asksRating =
      isOn(settings.userRating) &&
      !!connection?.ratingMessage?.trim() &&
      !ticket.isGroup &&
      ticket.status !== 'nps' &&
      !cycle?.rated &&
      o.sendFarewellMessage !== false;
    if (asksRating) {
      await tx
        .of(TicketEntity)
        .update({ id: ticket.id }, { status: 'nps', userId, amountUsedBotQueuesNPS: 0 });
      Object.assign(ticket, { status: 'nps', userId });
      await track(tx, ticket.id, { ratingAsked: true });
      await say(ticket, {
        body: await renderForTicket(ctx, tx, ticket, connection!.ratingMessage!, viewer),
        userId: viewer.id,
      });
      change.moved.push({ ticketId: ticket.id, before });
      return;
    }
    const farewellAllowed =
      o.sendFarewellMessage !== false &&
      (before.status !== 'pending' || isOn(settings.sendFarewellWaitingTicket));
    if (farewellAllowed) {
      const closer = await tx.of(UserEntity).findOne({
        where: { id: userId },
        select: { id: true, name: true, farewellMessage: true },
      });
      const text = closer?.farewellMessage?.trim()
        ? closer.farewellMessage
        : connection?.complationMessage;
      if (text?.trim())
        await say(ticket, {
          body: await renderForTicket(ctx, tx, ticket, text, closer),
          userId: viewer.id,
        });
    }
    await tx
      .of(TicketEntity)
      .update({ id: ticket.id }, { status: 'closed', userId, unreadMessages: 0 });
    await logTicket(tx, {
      ticketId: ticket.id,
      type: 'closed',
      userId: viewer.id,
      queueId: ticket.queueId,
    });
    await track(tx, ticket.id, { closed: true, userId });
    change.moved.push({ ticketId: ticket.id, before });
  });
}
