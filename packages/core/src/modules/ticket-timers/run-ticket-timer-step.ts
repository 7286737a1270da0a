import type { TicketTimerStepInput, TicketTimerStepResult } from '@atendo/domain/processes';
import type { AppContext } from '../../context.js';
import { TicketEntity, type Ticket } from '../../db/entities/index.js';
import { tenantData, type TenantData } from '../../db/tenant-data.js';
import { storeOutboundMessage } from '../messages/post-message.js';
import { closeTicketRow } from '../tickets/close-ticket-row.js';
import { afterChange, placeOf, renderForTicket, type Change } from '../tickets/ticket-change.js';
import { logTicket, track } from '../tickets/ticket-history.js';
import {
  planTicketTimers,
  type TicketTimerFacts,
  type TicketTimerSettings,
} from './plan-ticket-timers.js';

/** The log entry that remembers the inactivity warning (its time is the warning's). */
export const INACTIVE_WARNING_LOG = 'inactiveWarning';

type Settings = TicketTimerSettings & {
  expiresInactiveMessage: string | null;
  complationMessage: string | null;
};

/**
 * One step of a ticket's timers (the `ticketTimerStep` activity): re-reads the ticket, its
 * connection's settings and its last messages under the ticket's row lock, does what is due
 * at `now` (at most one thing: warn, close, redirect or the NPS close), and says when to look
 * again. Running it twice does a thing once: the second run sees the warning's log entry, the
 * closed ticket or the queue already set.
 *
 * `now` is workflow time; the later of it and the wall clock counts, so a retried activity
 * never acts on a stale instant and a time-skipping test server can run days in seconds.
 */
export async function runTicketTimerStep(
  ctx: AppContext,
  input: TicketTimerStepInput,
): Promise<TicketTimerStepResult> {
  const now = Math.max(input.now, Date.now());
  const db = tenantData(ctx.ds, input.companyId);
  const change: Change = { ticketId: input.ticketId, moved: [], stored: [] };
  const result = await db.transaction(async (tx): Promise<TicketTimerStepResult> => {
    const ticket = await tx.of(TicketEntity).findOne({
      where: { id: input.ticketId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!ticket?.whatsappId) return { done: null, nextInMs: null };
    const settings = await loadSettings(tx, ticket.whatsappId, ctx.config.HOURS_CLOSE_TICKETS_AUTO);
    if (!settings) return { done: null, nextInMs: null };
    const facts = await loadFacts(tx, ticket);
    await syncWarnedFlag(tx, ticket, facts);
    const plan = planTicketTimers(settings, facts, now);
    if (!plan.due) return { done: null, nextInMs: plan.nextAt === null ? null : plan.nextAt - now };

    const before = placeOf(ticket);
    const say = async (text: string | null) => {
      if (!text?.trim()) return null;
      const body = await renderForTicket(ctx, tx, ticket, text);
      const stored = await storeOutboundMessage(tx, ticket, { body });
      change.stored.push({ ...stored, ticketId: ticket.id });
      return stored.messageId;
    };
    switch (plan.due) {
      case 'warn': {
        const messageId = await say(settings.inactiveMessage);
        // The warning's message and log entry carry the step's instant, so the next step
        // compares them with later messages on one clock.
        if (messageId)
          await tx.query(
            `UPDATE messages SET "createdAt" = $3 WHERE "companyId" = $1 AND id = $2`,
            [tx.companyId, messageId, new Date(now)],
          );
        await tx.query(
          `INSERT INTO logs_tickets ("companyId", "ticketId", type, "userId", "queueId", "createdAt")
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [
            tx.companyId,
            ticket.id,
            INACTIVE_WARNING_LOG,
            ticket.userId,
            ticket.queueId,
            new Date(now),
          ],
        );
        await setWarnedFlag(tx, ticket, true);
        break;
      }
      case 'close':
        await say(settings.expiresInactiveMessage);
        await closeTicketRow(tx, ticket, 'autoClose');
        await tx.query(
          `UPDATE ticket_traking SET expired = true
            WHERE id = (SELECT id FROM ticket_traking WHERE "companyId" = $1 AND "ticketId" = $2
                         ORDER BY id DESC LIMIT 1)`,
          [tx.companyId, ticket.id],
        );
        change.moved.push({ ticketId: ticket.id, before });
        break;
      case 'npsClose':
        await say(settings.complationMessage);
        await closeTicketRow(tx, ticket);
        change.moved.push({ ticketId: ticket.id, before });
        break;
      case 'redirect': {
        const queueId = settings.sendIdQueue!;
        await tx.of(TicketEntity).update({ id: ticket.id }, { queueId });
        Object.assign(ticket, { queueId });
        await logTicket(tx, { ticketId: ticket.id, type: 'redirect', queueId });
        await track(tx, ticket.id, { queueId });
        change.moved.push({ ticketId: ticket.id, before });
        break;
      }
    }
    // Something changed: the next step decides afresh at once.
    return { done: plan.due, nextInMs: 0 };
  });
  await afterChange(ctx, input.companyId, change);
  return result;
}

async function loadSettings(
  tx: TenantData,
  whatsappId: number,
  hoursCloseTicketsAuto: number,
): Promise<Settings | null> {
  const [row] = await tx.query<Omit<Settings, 'hoursCloseTicketsAuto'>>(
    `SELECT "expiresTicket", "whenExpiresTicket", "timeInactiveMessage", "inactiveMessage",
            "expiresInactiveMessage", "expiresTicketNPS", "timeSendQueue", "sendIdQueue",
            "complationMessage"
       FROM whatsapps WHERE "companyId" = $1 AND id = $2`,
    [tx.companyId, whatsappId],
  );
  return row ? { ...row, hoursCloseTicketsAuto } : null;
}

async function loadFacts(tx: TenantData, ticket: Ticket): Promise<TicketTimerFacts> {
  const [row] = await tx.query<{
    lastMessageAt: Date | null;
    lastMessageFromMe: boolean | null;
    lastWarningAt: Date | null;
    cycleStartAt: Date | null;
    ratingAt: Date | null;
  }>(
    `SELECT m."createdAt" AS "lastMessageAt", m."fromMe" AS "lastMessageFromMe",
            (SELECT max(l."createdAt") FROM logs_tickets l
              WHERE l."companyId" = $1 AND l."ticketId" = $2 AND l.type = $3) AS "lastWarningAt",
            tr."createdAt" AS "cycleStartAt", tr."ratingAt"
       FROM (SELECT 1) one
       LEFT JOIN LATERAL (
         SELECT "createdAt", "fromMe" FROM messages
          WHERE "companyId" = $1 AND "ticketId" = $2 AND NOT "isPrivate"
          ORDER BY "createdAt" DESC, id DESC LIMIT 1) m ON true
       LEFT JOIN LATERAL (
         SELECT "createdAt", "ratingAt" FROM ticket_traking
          WHERE "companyId" = $1 AND "ticketId" = $2 ORDER BY id DESC LIMIT 1) tr ON true`,
    [tx.companyId, ticket.id, INACTIVE_WARNING_LOG],
  );
  const ms = (d: Date | null | undefined) => (d ? new Date(d).getTime() : null);
  return {
    status: ticket.status,
    queueId: ticket.queueId,
    isGroup: ticket.isGroup,
    lastMessageAt: ms(row?.lastMessageAt),
    lastMessageFromMe: row?.lastMessageFromMe ?? null,
    lastWarningAt: ms(row?.lastWarningAt),
    cycleStartAt: ms(row?.cycleStartAt) ?? new Date(ticket.createdAt).getTime(),
    ratingAt: ms(row?.ratingAt),
    importedAt: ms(ticket.imported),
  };
}

/**
 * Keeps `sendInactiveMessage` meaning "warned in the current idle period": a message after the
 * warning starts a new period. Written only when it is wrong (rarely).
 */
async function syncWarnedFlag(tx: TenantData, ticket: Ticket, f: TicketTimerFacts) {
  const idleSince = Math.max(f.lastMessageAt ?? 0, f.cycleStartAt);
  const warned = f.lastWarningAt !== null && f.lastWarningAt >= idleSince;
  if (ticket.sendInactiveMessage !== warned) await setWarnedFlag(tx, ticket, warned);
}

/** Raw, so the ticket's activity time (its place in the lists) stays as it was. */
async function setWarnedFlag(tx: TenantData, ticket: Ticket, warned: boolean) {
  await tx.query(
    `UPDATE tickets SET "sendInactiveMessage" = $3 WHERE "companyId" = $1 AND id = $2`,
    [tx.companyId, ticket.id, warned],
  );
  ticket.sendInactiveMessage = warned;
}
