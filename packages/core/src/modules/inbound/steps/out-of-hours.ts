import type { InboundStep, InboundTurn, TurnFacts } from '../inbound-turn.js';
import {
  botSettings,
  companySchedules,
  isOpenAt,
  loadQueue,
  sayOutOfHours,
} from './step-support.js';

/**
 * Whose hours apply by scheduleType, and what to tell the customer when closed: null when
 * open (or when the rule does not apply yet: a queue rule on a ticket without a queue is
 * checked once a queue is chosen, by queue-schedule.ts).
 */
async function closedNotice(turn: InboundTurn): Promise<{ message: string | null } | null> {
  const { scheduleType } = await botSettings(turn);
  if (scheduleType === 'company') {
    if (isOpenAt(turn, await companySchedules(turn))) return null;
    return { message: turn.connection.outOfHoursMessage };
  }
  if (scheduleType === 'connection') {
    if (isOpenAt(turn, turn.connection.schedules)) return null;
    return { message: turn.connection.outOfHoursMessage };
  }
  if (scheduleType === 'queue' && turn.ticket.queueId) {
    const queue = await loadQueue(turn, turn.ticket.queueId);
    if (!queue || isOpenAt(turn, queue.schedules)) return null;
    return { message: queue.outOfHoursMessage || turn.connection.outOfHoursMessage };
  }
  return null; // disabled: always open
}

/**
 * Out of hours (docs/product/inbound.md#business-hours): outside the working hours scheduleType picks (the company's,
 * the connection's or the ticket's queue's, in the company's time zone) the customer gets
 * the outOfHoursMessage once per burst, within the bot budget, and the bot does nothing
 * else; the ticket keeps waiting for the attendants. A ticket an attendant holds is left alone.
 */
export const outOfHours: InboundStep = {
  name: 'out-of-hours',
  quiet: (f) => f.ticket.status === 'open' || !!f.ticket.userId || isOpenByFacts(f),
  async run(turn) {
    if (turn.ticket.status === 'open' || turn.ticket.userId) return 'next';
    const closed = await closedNotice(turn);
    if (!closed) return 'next';
    await sayOutOfHours(turn, closed.message);
    return 'stop';
  },
};

/** closedNotice's rule on facts already read: true when the customer writes within hours. */
function isOpenByFacts(f: TurnFacts): boolean {
  const type = f.settings.scheduleType;
  if (type === 'company') return isOpenAt(f, f.companySchedules);
  if (type === 'connection') return isOpenAt(f, f.connection.schedules);
  if (type === 'queue' && f.ticket.queueId)
    return !f.queueSchedules || isOpenAt(f, f.queueSchedules);
  return true;
}
