import { autoCloseHours } from '@atendo/domain';
import type { TicketTimerAction } from '@atendo/domain/processes';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A connection's timer settings (docs/product/connections.md Connection; every duration in minutes). */
export interface TicketTimerSettings {
  expiresTicket: number;
  /** '1': expiry counts only tickets whose last message was ours. */
  whenExpiresTicket: string;
  timeInactiveMessage: number;
  inactiveMessage: string | null;
  expiresTicketNPS: number;
  timeSendQueue: number;
  sendIdQueue: number | null;
  /**
   * The platform's automatic closing of idle open tickets, in hours (HOURS_CLOSE_TICKETS_AUTO;
   * its default and 0: never).
   */
  hoursCloseTicketsAuto: number;
}

/** What the timers read of a ticket; instants in ms since the epoch. */
export interface TicketTimerFacts {
  status: string;
  queueId: number | null;
  isGroup: boolean;
  /** The newest message the customer could see (private notes excluded). */
  lastMessageAt: number | null;
  lastMessageFromMe: boolean | null;
  /** When the current service cycle began (created or reopened). */
  cycleStartAt: number;
  /** When the inactivity warning was last sent (its log entry). */
  lastWarningAt: number | null;
  /** When the rating question was asked in this cycle. */
  ratingAt: number | null;
  /** When a history import created the ticket (null for live tickets). */
  importedAt: number | null;
}

/** What is due now, and otherwise the next instant something can become due (null: never). */
export interface TicketTimerPlan {
  due: TicketTimerAction | null;
  nextAt: number | null;
}

/** Whether a connection has any timer a ticket in `status` obeys. */
export function hasTimersFor(s: TicketTimerSettings, status: string): boolean {
  if (status === 'nps') return s.expiresTicketNPS > 0;
  if (status === 'open')
    return s.expiresTicket > 0 || autoCloseHours(s.hoursCloseTicketsAuto) !== null;
  if (status === 'pending') return s.expiresTicket > 0 || (s.timeSendQueue > 0 && !!s.sendIdQueue);
  return false;
}

/**
 * The timer rules of docs/product/tickets.md#closing-and-rating and docs/product/tickets.md#timers as one pure decision. Idle time counts from the last
 * message either side (or the start of the cycle), so a new message only moves deadlines later
 * (except an answer to the warning: a new warning may come before the close, so a warned
 * ticket is looked at every timeInactiveMessage minutes).
 *
 * - NPS (status nps): expiresTicketNPS minutes after the rating question, or the customer's
 *   last (re-asked) message, the ticket closes with the completion message.
 * - Redirect (pending, no queue): idle timeSendQueue minutes, it goes to sendIdQueue.
 * - Expiry (pending or open, not a group, expiresTicket > 0): idle timeInactiveMessage minutes,
 *   the inactivity warning once; expiresTicket minutes after the warning (or after the last
 *   message when no warning is configured) the close. With whenExpiresTicket '1' neither
 *   happens while the customer wrote last: the clock only starts at our next message.
 * - Ceiling (open, HOURS_CLOSE_TICKETS_AUTO set below its never-default): idle that many hours,
 *   the close, whatever the connection's own timers say.
 * - Imported tickets (history, docs/product/connections.md#import-of-old-messages) wait for a live message before any of this.
 */
export function planTicketTimers(
  s: TicketTimerSettings,
  f: TicketTimerFacts,
  now: number,
): TicketTimerPlan {
  if (f.status === 'nps') {
    if (s.expiresTicketNPS <= 0) return { due: null, nextAt: null };
    const asked = Math.max(f.ratingAt ?? f.cycleStartAt, f.lastMessageAt ?? 0);
    const at = asked + s.expiresTicketNPS * MINUTE;
    return at <= now ? { due: 'npsClose', nextAt: null } : { due: null, nextAt: at };
  }
  if (f.status !== 'pending' && f.status !== 'open') return { due: null, nextAt: null };
  if (f.importedAt !== null && (f.lastMessageAt ?? 0) <= f.importedAt) {
    // Imported history nobody has written on since: no warning or close goes to old chats.
    // A live message may arrive without a nudge, so look again when it could first matter.
    const live = planTicketTimers(s, { ...f, importedAt: null, lastMessageAt: now }, now);
    return { due: null, nextAt: live.nextAt };
  }

  const idleSince = Math.max(f.lastMessageAt ?? 0, f.cycleStartAt);
  const due: TicketTimerAction[] = [];
  const later: number[] = [];
  const at = (action: TicketTimerAction, instant: number) =>
    instant <= now ? due.push(action) : later.push(instant);

  if (f.status === 'pending' && f.queueId === null && s.timeSendQueue > 0 && s.sendIdQueue)
    at('redirect', idleSince + s.timeSendQueue * MINUTE);

  if (s.expiresTicket > 0 && !f.isGroup) {
    const warns = s.timeInactiveMessage > 0 && !!s.inactiveMessage?.trim();
    // The warning is our message too: sent at or after everything else in this idle period.
    const warned = f.lastWarningAt !== null && f.lastWarningAt >= idleSince;
    const oursLast = warned || f.lastMessageFromMe === true;
    if (s.whenExpiresTicket === '1' && !oursLast) {
      // Nothing is due until we write; our next message is at the earliest now.
      later.push(now + (warns ? s.timeInactiveMessage : s.expiresTicket) * MINUTE);
    } else if (warns && !warned) {
      at('warn', idleSince + s.timeInactiveMessage * MINUTE);
    } else {
      at('close', (warned ? f.lastWarningAt! : idleSince) + s.expiresTicket * MINUTE);
      // An answer to the warning starts a new idle period whose warning may fall before this
      // close, and inbound messages send no signal: look again every timeInactiveMessage.
      if (warned && warns) later.push(now + s.timeInactiveMessage * MINUTE);
    }
  }

  // The platform's ceiling: an open ticket idle for HOURS_CLOSE_TICKETS_AUTO hours closes.
  const ceiling = autoCloseHours(s.hoursCloseTicketsAuto);
  if (f.status === 'open' && ceiling !== null) at('close', idleSince + ceiling * HOUR);

  // A close makes the others moot; a warning before a redirect (the next step redirects).
  const first = (['close', 'warn', 'redirect'] as const).find((a) => due.includes(a)) ?? null;
  return { due: first, nextAt: first || !later.length ? null : Math.min(...later) };
}
