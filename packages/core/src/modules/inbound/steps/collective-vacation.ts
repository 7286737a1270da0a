import type { InboundStep, InboundTurn } from '../inbound-turn.js';

/** 'YYYY-MM-DD' of `at` on the company's calendar. */
function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** A date column's value as 'YYYY-MM-DD' (the driver may hand back a string or a Date). */
function day(value: string | Date | null): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

/**
 * Collective vacation (docs/product/inbound.md#pipeline-steps): while today, on the company's calendar, lies within
 * the connection's vacation dates and a message is set, every customer message gets that
 * message and nothing else runs.
 */
export const collectiveVacation: InboundStep = {
  name: 'collective-vacation',
  quiet: (f) => !onVacation(f),
  async run(turn) {
    if (!onVacation(turn)) return 'next';
    await turn.say(turn.connection.collectiveVacationMessage!);
    return 'stop';
  },
};

/** The connection has a vacation message and today falls within its dates. */
function onVacation(turn: Pick<InboundTurn, 'connection' | 'now' | 'timeZone'>): boolean {
  const c = turn.connection;
  const start = day(c.collectiveVacationStart);
  const end = day(c.collectiveVacationEnd);
  if (!start || !end || !c.collectiveVacationMessage?.trim()) return false;
  const today = localDate(turn.now, turn.timeZone);
  return today >= start && today <= end;
}
