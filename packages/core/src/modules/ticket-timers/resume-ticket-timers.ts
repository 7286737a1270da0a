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
 * Active tickets with a timer that can still fall due, and with $3 (the automatic closing of
 * HOURS_CLOSE_TICKETS_AUTO on) every open ticket: exactly the tickets planTicketTimers gives a
 * deadline (plan-ticket-timers.ts; expiry skips groups, the redirect only moves a ticket
 * without a queue). Any wider, the worker's periodic resume would start a workflow that ends
 * at once for the same ticket on every pass (docs/operations.md#durable-processes).
 */
const TIMED_TICKETS = `
  SELECT t.id FROM tickets t JOIN whatsapps w ON w.id = t."whatsappId" AND w."companyId" = t."companyId"
   WHERE t."companyId" = $1 AND ($2::int IS NULL OR t."whatsappId" = $2)
     AND ((t.status = 'open' AND $3::boolean)
       OR (t.status IN ('pending', 'open') AND w."expiresTicket" > 0 AND NOT t."isGroup")
       OR (t.status = 'pending' AND t."queueId" IS NULL AND w."timeSendQueue" > 0
           AND w."sendIdQueue" IS NOT NULL)
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
 * Resume pass: every active ticket with a timer to run gets its workflow (a running one is
 * left alone). Company by company, under each company's own scope.
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

/** Resume pass: every queue with rotation on gets its workflow. */
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
