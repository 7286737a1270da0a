import { autoCloseHours } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { CompanyEntity } from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';
import { tenantData } from '../../db/tenant-data.js';
import {
  inParallel,
  nudgeTicketTimers,
  startQueueRotation,
  startTicketTimers,
} from './start-ticket-timers.js';

/**
 * Active tickets whose connection has a timer their status obeys, and with $3 (the automatic
 * closing of HOURS_CLOSE_TICKETS_AUTO on) every open ticket (plan-ticket-timers.ts).
 */
const TIMED_TICKETS = `
  SELECT t.id FROM tickets t JOIN whatsapps w ON w.id = t."whatsappId" AND w."companyId" = t."companyId"
   WHERE t."companyId" = $1 AND ($2::int IS NULL OR t."whatsappId" = $2)
     AND ((t.status = 'open' AND $3::boolean)
       OR (t.status IN ('pending', 'open') AND w."expiresTicket" > 0)
       OR (t.status = 'pending' AND w."timeSendQueue" > 0 AND w."sendIdQueue" IS NOT NULL)
       OR (t.status = 'nps' AND w."expiresTicketNPS" > 0))`;

const WIDTH = 16;

/** Whether HOURS_CLOSE_TICKETS_AUTO closes idle open tickets (its default never does). */
const ceilingOn = (ctx: AppContext) => autoCloseHours(ctx.config.HOURS_CLOSE_TICKETS_AUTO) !== null;

async function companyIds(ctx: AppContext): Promise<number[]> {
  const companies = await platformData(ctx.ds)
    .of(CompanyEntity)
    .find({ select: { id: true }, order: { id: 'ASC' } });
  return companies.map((c) => c.id);
}

/**
 * Worker start: every active ticket on a connection with timers gets its workflow (a running
 * one is left alone). Company by company, under each company's own scope.
 */
export async function resumeTicketTimers(ctx: AppContext): Promise<void> {
  for (const companyId of await companyIds(ctx)) {
    const rows = await tenantData(ctx.ds, companyId).query<{ id: number }>(TIMED_TICKETS, [
      companyId,
      null,
      ceilingOn(ctx),
    ]);
    await inParallel(rows, WIDTH, (r) => startTicketTimers(ctx, companyId, r.id));
  }
}

/** Worker start: every queue with rotation on gets its workflow. */
export async function resumeQueueRotations(ctx: AppContext): Promise<void> {
  for (const companyId of await companyIds(ctx)) {
    const rows = await tenantData(ctx.ds, companyId).query<{ id: number }>(
      `SELECT id FROM queues WHERE "companyId" = $1 AND "ativarRoteador" AND "tempoRoteador" > 0`,
      [companyId],
    );
    await inParallel(rows, WIDTH, (r) => startQueueRotation(ctx, companyId, r.id));
  }
}

/**
 * A connection's timer settings changed: its active tickets' timers start, and running ones
 * look again now (a shorter setting brings their deadline earlier).
 */
export async function resumeConnectionTimers(
  ctx: AppContext,
  companyId: number,
  whatsappId: number,
): Promise<void> {
  const rows = await tenantData(ctx.ds, companyId).query<{ id: number }>(TIMED_TICKETS, [
    companyId,
    whatsappId,
    ceilingOn(ctx),
  ]);
  await inParallel(rows, WIDTH, (r) => nudgeTicketTimers(ctx, companyId, r.id));
}
