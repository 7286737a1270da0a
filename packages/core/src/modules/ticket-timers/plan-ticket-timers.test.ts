import { HOURS_CLOSE_TICKETS_AUTO_DEFAULT } from '@atendo/domain';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { nextMember } from './rotate-queue.js';
import {
  hasTimersFor,
  planTicketTimers,
  type TicketTimerFacts,
  type TicketTimerSettings,
} from './plan-ticket-timers.js';

const MIN = 60_000;
const T0 = Date.UTC(2031, 0, 10, 12);

const settings = (s: Partial<TicketTimerSettings> = {}): TicketTimerSettings => ({
  expiresTicket: 60,
  whenExpiresTicket: '0',
  timeInactiveMessage: 30,
  inactiveMessage: 'Are you there?',
  expiresTicketNPS: 0,
  timeSendQueue: 0,
  sendIdQueue: null,
  hoursCloseTicketsAuto: HOURS_CLOSE_TICKETS_AUTO_DEFAULT,
  ...s,
});
const facts = (f: Partial<TicketTimerFacts> = {}): TicketTimerFacts => ({
  status: 'open',
  queueId: 1,
  isGroup: false,
  lastMessageAt: T0,
  lastMessageFromMe: false,
  cycleStartAt: T0 - 10 * MIN,
  lastWarningAt: null,
  ratingAt: null,
  importedAt: null,
  ...f,
});

describe('planTicketTimers', () => {
  it('warns once after timeInactiveMessage, then closes expiresTicket after the warning', () => {
    expect(planTicketTimers(settings(), facts(), T0 + MIN)).toEqual({
      due: null,
      nextAt: T0 + 30 * MIN,
    });
    expect(planTicketTimers(settings(), facts(), T0 + 30 * MIN).due).toBe('warn');
    const warned = facts({
      lastWarningAt: T0 + 31 * MIN,
      lastMessageAt: T0 + 31 * MIN,
      lastMessageFromMe: true,
    });
    // Until the close, it looks every 30 minutes for an answer (which needs a new warning).
    expect(planTicketTimers(settings(), warned, T0 + 32 * MIN)).toEqual({
      due: null,
      nextAt: T0 + 62 * MIN,
    });
    expect(planTicketTimers(settings(), warned, T0 + 62 * MIN).nextAt).toBe(T0 + 91 * MIN);
    expect(planTicketTimers(settings(), warned, T0 + 91 * MIN).due).toBe('close');
  });

  it('starts over after a message that follows the warning', () => {
    const answered = facts({ lastWarningAt: T0 + 30 * MIN, lastMessageAt: T0 + 40 * MIN });
    expect(planTicketTimers(settings(), answered, T0 + 41 * MIN)).toEqual({
      due: null,
      nextAt: T0 + 70 * MIN,
    });
  });

  it('closes expiresTicket after the last message when no warning is configured', () => {
    const plan = planTicketTimers(settings({ inactiveMessage: ' ' }), facts(), T0 + MIN);
    expect(plan.nextAt).toBe(T0 + 60 * MIN);
    expect(planTicketTimers(settings({ timeInactiveMessage: 0 }), facts(), T0 + 60 * MIN).due).toBe(
      'close',
    );
  });

  it("with whenExpiresTicket '1' waits while the customer wrote last", () => {
    const s = settings({ whenExpiresTicket: '1' });
    expect(planTicketTimers(s, facts(), T0 + 500 * MIN)).toEqual({
      due: null,
      nextAt: T0 + 530 * MIN,
    });
    expect(planTicketTimers(s, facts({ lastMessageFromMe: true }), T0 + 30 * MIN).due).toBe('warn');
  });

  it('counts idle time from a reopened cycle, not from old messages', () => {
    const reopened = facts({ lastMessageAt: T0 - 900 * MIN, cycleStartAt: T0 });
    expect(planTicketTimers(settings(), reopened, T0 + MIN).nextAt).toBe(T0 + 30 * MIN);
  });

  it('leaves imported history alone until a live message arrives', () => {
    const dormant = facts({ lastMessageAt: T0 - 900 * MIN, importedAt: T0, cycleStartAt: T0 });
    expect(planTicketTimers(settings(), dormant, T0 + 900 * MIN)).toEqual({
      due: null,
      nextAt: T0 + 930 * MIN,
    });
    const live = { ...dormant, lastMessageAt: T0 + 10 * MIN };
    expect(planTicketTimers(settings(), live, T0 + 40 * MIN).due).toBe('warn');
  });

  it('never expires groups nor closed tickets', () => {
    expect(planTicketTimers(settings(), facts({ isGroup: true }), T0 + 900 * MIN)).toEqual({
      due: null,
      nextAt: null,
    });
    expect(planTicketTimers(settings(), facts({ status: 'closed' }), T0 + 900 * MIN).nextAt).toBe(
      null,
    );
  });

  it('redirects a pending ticket without a queue after timeSendQueue', () => {
    const s = settings({ expiresTicket: 0, timeSendQueue: 5, sendIdQueue: 7 });
    const pending = facts({ status: 'pending', queueId: null });
    expect(planTicketTimers(s, pending, T0 + MIN).nextAt).toBe(T0 + 5 * MIN);
    expect(planTicketTimers(s, pending, T0 + 5 * MIN).due).toBe('redirect');
    expect(planTicketTimers(s, { ...pending, queueId: 3 }, T0 + 5 * MIN).nextAt).toBe(null);
  });

  it('closes an unanswered rating request after expiresTicketNPS', () => {
    const s = settings({ expiresTicketNPS: 10 });
    const nps = facts({ status: 'nps', ratingAt: T0, lastMessageAt: T0, lastMessageFromMe: true });
    expect(planTicketTimers(s, nps, T0 + MIN).nextAt).toBe(T0 + 10 * MIN);
    expect(planTicketTimers(s, nps, T0 + 10 * MIN).due).toBe('npsClose');
    expect(planTicketTimers(settings(), nps, T0 + 900 * MIN).nextAt).toBe(null);
  });

  it('knows which statuses a connection times', () => {
    expect(hasTimersFor(settings({ expiresTicket: 0 }), 'open')).toBe(false);
    expect(
      hasTimersFor(settings({ expiresTicket: 0, timeSendQueue: 5, sendIdQueue: 1 }), 'pending'),
    ).toBe(true);
    expect(hasTimersFor(settings({ expiresTicketNPS: 5 }), 'nps')).toBe(true);
    expect(hasTimersFor(settings(), 'closed')).toBe(false);
  });
});

describe('nextMember', () => {
  it('goes round the members after the cursor, skipping the current one', () => {
    expect(nextMember([3, 5, 9], null)).toBe(3);
    expect(nextMember([3, 5, 9], 3)).toBe(5);
    expect(nextMember([3, 5, 9], 9)).toBe(3);
    expect(nextMember([3, 5, 9], 4)).toBe(5);
    expect(nextMember([3, 5], 3, 5)).toBe(3);
    expect(nextMember([5], 3, 5)).toBe(null);
  });
});

describe('automatic closing of idle open tickets (HOURS_CLOSE_TICKETS_AUTO)', () => {
  const HOUR = 60 * MIN;
  const noTimers = { expiresTicket: 0, timeInactiveMessage: 0 };

  it('defaults to 999999999 hours, which never closes anything', () => {
    expect(loadConfig({}).HOURS_CLOSE_TICKETS_AUTO).toBe(999_999_999);
    expect(loadConfig({ HOURS_CLOSE_TICKETS_AUTO: '24' }).HOURS_CLOSE_TICKETS_AUTO).toBe(24);
    const s = settings({
      ...noTimers,
      hoursCloseTicketsAuto: loadConfig({}).HOURS_CLOSE_TICKETS_AUTO,
    });
    expect(hasTimersFor(s, 'open')).toBe(false);
    expect(planTicketTimers(s, facts(), T0 + 100_000 * HOUR)).toEqual({ due: null, nextAt: null });
  });

  it('closes an open ticket idle for that many hours when set lower', () => {
    const s = settings({ ...noTimers, hoursCloseTicketsAuto: 24 });
    expect(hasTimersFor(s, 'open')).toBe(true);
    expect(hasTimersFor(s, 'pending')).toBe(false);
    expect(planTicketTimers(s, facts(), T0 + HOUR)).toEqual({ due: null, nextAt: T0 + 24 * HOUR });
    expect(planTicketTimers(s, facts(), T0 + 24 * HOUR).due).toBe('close');
    expect(planTicketTimers(s, facts({ status: 'pending' }), T0 + 48 * HOUR).due).toBe(null);
    expect(
      planTicketTimers(settings({ ...noTimers, hoursCloseTicketsAuto: 0 }), facts(), T0 + 48 * HOUR)
        .due,
    ).toBe(null);
  });

  it('comes before a connection timer set later', () => {
    const s = settings({
      expiresTicket: 48 * 60,
      timeInactiveMessage: 0,
      hoursCloseTicketsAuto: 2,
    });
    expect(planTicketTimers(s, facts(), T0 + HOUR).nextAt).toBe(T0 + 2 * HOUR);
  });
});
