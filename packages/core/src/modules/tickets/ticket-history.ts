import { LogTicketEntity, TicketTrakingEntity } from '../../db/entities/index.js';
import type { TenantData } from '../../db/tenant-data.js';

/** Ticket log types (docs/product/tickets.md#entities). */
export type TicketLogType =
  | 'create'
  | 'chatBot'
  | 'queue'
  | 'open'
  | 'access'
  | 'transfered'
  | 'receivedTransfer'
  | 'pending'
  | 'closed'
  | 'reopen'
  | 'redirect'
  | 'autoClose'
  | 'lgpd'
  // The AI prompt (issue 25 §1): handed the ticket to its queue for a human; gave no answer
  // (the provider timed out, or failed / answered nothing usable).
  | 'promptTransfer'
  | 'promptTimeout'
  | 'promptFailed'
  // Chatbot integrations (issue 25 §2): the provider timed out, or failed / answered nothing
  // usable (the ticket waits for a human); the bot let the ticket go (its flow ended, the
  // finish keyword, an end-of-conversation intent or a hand-off answer).
  | 'integrationTimeout'
  | 'integrationFailed'
  | 'integrationFinished';

/** Writes one entry of a ticket's history. */
export async function logTicket(
  db: TenantData,
  e: { ticketId: number; type: TicketLogType; userId?: number | null; queueId?: number | null },
): Promise<void> {
  await db.of(LogTicketEntity).insert({
    ticketId: e.ticketId,
    type: e.type,
    userId: e.userId ?? null,
    queueId: e.queueId ?? null,
  });
}

/**
 * Opens a service cycle (a tracking row): at creation and at every reopen. queuedAt is when
 * the contact started waiting; it is set here once and never overwritten afterwards.
 */
export async function startTracking(
  db: TenantData,
  t: { ticketId: number; whatsappId: number | null; queueId: number | null; userId: number | null },
  at: { startedAt?: Date | null } = {},
): Promise<void> {
  const now = new Date();
  await db.of(TicketTrakingEntity).insert({
    ticketId: t.ticketId,
    whatsappId: t.whatsappId,
    queueId: t.queueId,
    userId: t.userId,
    queuedAt: now,
    startedAt: at.startedAt ?? null,
  });
}

/**
 * Updates the current cycle of a ticket: startedAt only when not set yet (the first accept
 * counts), closedAt/finishedAt/ratingAt as given; queuedAt is never touched here.
 */
export async function track(
  db: TenantData,
  ticketId: number,
  patch: {
    started?: boolean;
    closed?: boolean;
    ratingAsked?: boolean;
    rated?: boolean;
    userId?: number | null;
    queueId?: number | null;
    whatsappId?: number | null;
  },
): Promise<void> {
  const [row] = await db.query<{ id: number; startedAt: Date | null }>(
    `SELECT id, "startedAt" FROM ticket_traking WHERE "companyId" = $1 AND "ticketId" = $2
      ORDER BY id DESC LIMIT 1`,
    [db.companyId, ticketId],
  );
  const now = new Date();
  if (!row) {
    await startTracking(db, {
      ticketId,
      whatsappId: patch.whatsappId ?? null,
      queueId: patch.queueId ?? null,
      userId: patch.userId ?? null,
    });
    return track(db, ticketId, patch);
  }
  const set: Record<string, unknown> = {};
  if (patch.started && !row.startedAt) set.startedAt = now;
  if (patch.closed) Object.assign(set, { closedAt: now, finishedAt: now });
  if (patch.ratingAsked) set.ratingAt = now;
  if (patch.rated) set.rated = true;
  if (patch.userId !== undefined) set.userId = patch.userId;
  if (patch.queueId !== undefined) set.queueId = patch.queueId;
  if (patch.whatsappId !== undefined) set.whatsappId = patch.whatsappId;
  if (Object.keys(set).length) await db.of(TicketTrakingEntity).update({ id: row.id }, set);
}
