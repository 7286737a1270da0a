import type { InboundStep } from '../inbound-turn.js';
import {
  botSettings,
  isOpenAt,
  loadQueue,
  queueEnteredNow,
  sayOutOfHours,
} from './step-support.js';

/**
 * The chosen queue's hours (scheduleType "queue", docs/product/inbound.md#queue-menu-and-option-trees): a queue entered in this turn
 * outside its working hours answers with its outOfHoursMessage (the connection's when the
 * queue has none), within the bot budget, instead of its greeting and options. The ticket
 * stays in that queue, waiting. (A ticket that already had its queue is checked by out-of-hours.ts.)
 */
export const queueSchedule: InboundStep = {
  name: 'queue-schedule',
  // Acts only on a queue entered earlier in this turn.
  quiet: () => true,
  async run(turn) {
    const entered = queueEnteredNow(turn);
    if (!entered) return 'next';
    if ((await botSettings(turn)).scheduleType !== 'queue') return 'next';
    const queue = await loadQueue(turn, entered.queueId);
    if (!queue || isOpenAt(turn, queue.schedules)) return 'next';
    await sayOutOfHours(turn, queue.outOfHoursMessage || turn.connection.outOfHoursMessage);
    return 'stop';
  },
};
