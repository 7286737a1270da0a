import { AppError, nextScheduleOccurrence } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import {
  ContactEntity,
  UserEntity,
  WhatsappEntity,
  type ScheduledMessage,
  type Whatsapp,
} from '../../db/entities/index.js';
import type { TenantData } from '../../db/tenant-data.js';
import { tenantData } from '../../db/tenant-data.js';
import { withCompany } from '../../db/tenant-scope.js';
import { loadCompanyTimeZone } from '../companies/company-time-zone.js';
import { deliverMessage } from '../messages/deliver-message.js';
import { mediaKindOf } from '../messages/media-kind.js';
import { outboundSendOf } from '../messages/outbound-send.js';
import { storeOutboundMessage } from '../messages/post-message.js';
import { signed } from '../messages/private-note.js';
import { closeTicketRow } from '../tickets/close-ticket-row.js';
import { afterChange, type Change } from '../tickets/ticket-change.js';
import { closesAfterSend, proactiveTicket, senderPlacement } from '../tickets/proactive-ticket.js';
import { mimeOfStoredFile } from '../uploads/sniff-file-type.js';
import { publishSchedule } from './next-scheduled-send.js';

/** What one send did: handed to the channel, nothing to do (stale or done), or the row is gone. */
export type ScheduledSendOutcome = 'sent' | 'skipped' | 'gone';

/**
 * Sends occurrence `sentCount` of a schedule through the business core, exactly once
 * (docs/product/schedules.md#sending-and-recurrence):
 *
 * 1. One transaction claims it: the row locked, still unsent with that sentCount and sendAt
 *    (an edit or another run moved on: nothing to do); the schedule's connection, else the
 *    company's default; the contact's ticket (below); our message stored (signed with the
 *    author's name when assinar, with the attachment); sentCount + 1, the next occurrence's
 *    sendAt, and the stored ids kept as pendingMessageIds.
 * 2. After commit each pending message goes to the channel and waits for it; a retry of this
 *    activity finds the claim done and resends the same message ids, which the ChannelAdapter
 *    contract treats as the same send. A refusal throws, for the workflow's bounded retries.
 * 3. Once taken, pendingMessageIds is cleared; after the last send the schedule is ENVIADA
 *    with sentAt.
 *
 * Tickets: the contact's open or pending ticket on that connection is reused as it is. A new
 * one, with openTicket enabled, gets the schedule's queue and, with statusTicket open and a
 * ticket user, that attendant (open; else pending); with openTicket disabled or statusTicket
 * closed it is closed right after the message, as campaigns do, so the send leaves no work in
 * anyone's queue. `now` is the workflow's clock (sentAt, and outages: occurrences already past
 * are passed over).
 */
export async function sendScheduledMessage(
  ctx: AppContext,
  o: { companyId: number; scheduleId: number; sentCount: number; sendAt: number; now: number },
): Promise<ScheduledSendOutcome> {
  return withCompany(o.companyId, async () => {
    const db = tenantData(ctx.ds, o.companyId);
    const timeZone = await loadCompanyTimeZone(ctx, o.companyId);
    const change: Change = { ticketId: 0, moved: [], stored: [] };
    const claim = await db.transaction(async (tx) => {
      const [s] = await tx.query<ScheduledMessage>(
        `SELECT * FROM scheduled_messages WHERE "companyId" = $1 AND id = $2 FOR UPDATE`,
        [tx.companyId, o.scheduleId],
      );
      if (!s) return 'gone' as const;
      if (s.pendingMessageIds?.length) return { ids: s.pendingMessageIds, fresh: false };
      const due =
        !s.sentAt &&
        s.status !== 'ERRO' &&
        s.sentCount === o.sentCount &&
        (o.sendAt === 0 || new Date(s.sendAt).getTime() === o.sendAt);
      if (!due) return 'skipped' as const;

      const connection = await connectionOf(tx, s);
      const contact = await tx.of(ContactEntity).findOne({ where: { id: s.contactId } });
      if (!contact) return 'gone' as const;
      const placement = senderPlacement({ ...s, userId: s.ticketUserId });
      const { ticket, fresh } = await proactiveTicket(tx, change, {
        contact,
        connection,
        timeZone,
        now: new Date(o.now),
        placement,
      });
      const author = s.userId
        ? await tx
            .of(UserEntity)
            .findOne({ where: { id: s.userId }, select: { id: true, name: true } })
        : null;
      const body = s.assinar && author ? signed(author.name, s.body) : s.body;
      const stored = await storeOutboundMessage(tx, ticket, {
        body,
        userId: s.userId,
        mediaType: s.mediaPath ? mediaKindOf(mimeOfStoredFile(s.mediaPath)) : null,
        mediaUrl: s.mediaPath ? `/private/${tx.companyId}/${s.mediaPath}` : null,
      });
      change.stored.push({ ...stored, ticketId: ticket.id });
      if (closesAfterSend(fresh, placement, s.statusTicket)) await closeTicketRow(tx, ticket);

      const next =
        s.sentCount + 1 < s.enviarQuantasVezes
          ? nextScheduleOccurrence({
              anchor: new Date(s.recurrenceAnchorAt ?? s.sendAt),
              index: s.recurrenceIndex,
              after: new Date(Math.max(new Date(s.sendAt).getTime(), o.now)),
              recurrence: s,
              timeZone,
            })
          : null;
      await tx.query(
        `UPDATE scheduled_messages
            SET "sentCount" = "sentCount" + 1, "ticketId" = $3, "pendingMessageIds" = $4,
                -- No next occurrence (no step left): this send is the series' last.
                "enviarQuantasVezes" = CASE WHEN $5::timestamptz IS NULL
                  THEN LEAST("enviarQuantasVezes", "sentCount" + 1) ELSE "enviarQuantasVezes" END,
                "sendAt" = COALESCE($5, "sendAt"), "recurrenceIndex" = COALESCE($6, "recurrenceIndex"),
                "updatedAt" = now()
          WHERE "companyId" = $1 AND id = $2`,
        [tx.companyId, s.id, ticket.id, [stored.messageId], next?.at ?? null, next?.index ?? null],
      );
      return { ids: [stored.messageId], fresh: true };
    });
    if (typeof claim === 'string') return claim;
    if (claim.fresh) await afterChange(ctx, o.companyId, { ...change, stored: [] });
    for (const { messageId, ticketId } of change.stored)
      ctx.events.publish('message.created', { companyId: o.companyId, messageId, ticketId });

    for (const id of claim.ids) {
      const send = await outboundSendOf(db, id);
      if (!(await deliverMessage(ctx, send, { wait: true })))
        throw new Error(await refusalReason(db, send.whatsappId));
    }
    await db.query(
      `UPDATE scheduled_messages
          SET "pendingMessageIds" = NULL, "updatedAt" = now(),
              status = CASE WHEN "sentCount" >= "enviarQuantasVezes" THEN 'ENVIADA' ELSE 'AGENDADA' END,
              "sentAt" = CASE WHEN "sentCount" >= "enviarQuantasVezes" THEN $4::timestamptz ELSE NULL END
        WHERE "companyId" = $1 AND id = $2 AND "pendingMessageIds" = $3::int[]`,
      [o.companyId, o.scheduleId, claim.ids, new Date(o.now)],
    );
    await publishSchedule(ctx, o.companyId, o.scheduleId);
    return 'sent';
  });
}

/** The schedule's connection, else the company's default; none is ERR_NO_DEF_WAPP_FOUND. */
async function connectionOf(tx: TenantData, s: ScheduledMessage): Promise<Whatsapp> {
  const repo = tx.of(WhatsappEntity);
  const connection = s.whatsappId
    ? await repo.findOne({ where: { id: s.whatsappId } })
    : await repo.findOne({ where: { isDefault: true } });
  if (!connection) throw new AppError(s.whatsappId ? 'ERR_NO_WAPP_FOUND' : 'ERR_NO_DEF_WAPP_FOUND');
  return connection;
}

/** Why the channel did not take a message: its connection is down, or it refused it. */
async function refusalReason(db: TenantData, whatsappId: number | null): Promise<string> {
  const [row] = await db.query<{ status: string }>(
    `SELECT status FROM whatsapps WHERE "companyId" = $1 AND id = $2`,
    [db.companyId, whatsappId ?? 0],
  );
  return row && row.status !== 'CONNECTED' ? 'ERR_WAPP_NOT_INITIALIZED' : 'ERR_SENDING_WAPP_MSG';
}
