import { autoCloseHours } from '@atendo/domain';
import type { DataSource } from 'typeorm';
import { tenantData } from '../../db/tenant-data.js';
import type { TicketTimerSettings } from './plan-ticket-timers.js';

/** A company's connections that have any timer, by connection id. */
export type CompanyTimers = ReadonlyMap<number, TicketTimerSettings>;

/**
 * Which connections of a company have timers, read once per company and kept for `ttlMs`:
 * ticket events of a company without timers (most of them) then cost no query at all. A
 * change of a connection on this process drops the company's entry at once; the time limit
 * bounds how long another process (another api replica, the worker) may lag behind.
 */
export class ConnectionTimersCache {
  private readonly entries = new Map<number, { at: number; timers: Promise<CompanyTimers> }>();

  constructor(
    private readonly ds: DataSource,
    /** HOURS_CLOSE_TICKETS_AUTO: when it closes tickets, every connection has a timer. */
    private readonly hoursCloseTicketsAuto: number,
    private readonly ttlMs = 60_000,
  ) {}

  /** The company's connections with timers (loaded when absent or stale). */
  of(companyId: number): Promise<CompanyTimers> {
    const hit = this.entries.get(companyId);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.timers;
    const timers = this.load(companyId);
    this.entries.set(companyId, { at: Date.now(), timers });
    // A failed read is not remembered.
    timers.catch(() => this.entries.delete(companyId));
    return timers;
  }

  /** What is cached for the company, without reading (undefined when absent or stale). */
  async peek(companyId: number): Promise<CompanyTimers | undefined> {
    const hit = this.entries.get(companyId);
    if (!hit || Date.now() - hit.at >= this.ttlMs) return undefined;
    return hit.timers.catch(() => undefined);
  }

  forget(companyId: number): void {
    this.entries.delete(companyId);
  }

  private async load(companyId: number): Promise<CompanyTimers> {
    const ceiling = autoCloseHours(this.hoursCloseTicketsAuto) !== null;
    const rows = await tenantData(this.ds, companyId).query<
      Omit<TicketTimerSettings, 'hoursCloseTicketsAuto'> & { id: number }
    >(
      `SELECT id, "expiresTicket", "whenExpiresTicket", "timeInactiveMessage", "inactiveMessage",
              "expiresTicketNPS", "timeSendQueue", "sendIdQueue"
         FROM whatsapps
        WHERE "companyId" = $1
          AND ($2::boolean OR "expiresTicket" > 0 OR "expiresTicketNPS" > 0
               OR ("timeSendQueue" > 0 AND "sendIdQueue" IS NOT NULL))`,
      [companyId, ceiling],
    );
    const hoursCloseTicketsAuto = this.hoursCloseTicketsAuto;
    return new Map(rows.map(({ id, ...settings }) => [id, { ...settings, hoursCloseTicketsAuto }]));
  }
}

/** Whether two connections' timers would decide the same deadlines. */
export function sameTimers(a: TicketTimerSettings | undefined, b: TicketTimerSettings | undefined) {
  if (!a || !b) return a === b;
  return (
    a.expiresTicket === b.expiresTicket &&
    a.whenExpiresTicket === b.whenExpiresTicket &&
    a.timeInactiveMessage === b.timeInactiveMessage &&
    !!a.inactiveMessage?.trim() === !!b.inactiveMessage?.trim() &&
    a.expiresTicketNPS === b.expiresTicketNPS &&
    a.timeSendQueue === b.timeSendQueue &&
    a.sendIdQueue === b.sendIdQueue
  );
}
