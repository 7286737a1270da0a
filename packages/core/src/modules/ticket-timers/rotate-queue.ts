import type { QueueRotationStepInput, QueueRotationStepResult } from '@atendo/domain/processes';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import { afterChange, type Change } from '../tickets/ticket-change.js';

/** The member after `cursor` in id order, skipping `except`; wraps around. */
export function nextMember(
  members: readonly number[],
  cursor: number | null,
  except: number | null = null,
): number | null {
  const pool = members.filter((id) => id !== except);
  if (!pool.length) return null;
  return pool.find((id) => cursor === null || id > cursor) ?? pool[0]!;
}

/**
 * One round of a queue's rotation (docs/product/tickets.md#timers; the `queueRotationStep` activity): with
 * ativarRoteador on, every unassigned pending ticket of the queue goes to the next online
 * member round-robin, and a pending ticket its member left untouched for tempoRoteador
 * minutes moves on to the next one. Tickets keep waiting (pending) in their member's list
 * until accepted, as with the random attendant. Open tickets are never taken from anyone.
 *
 * `cursor` (the member the last ticket went to) travels with the workflow; `now` is workflow
 * time (the later of it and the wall clock counts). Each move is conditional on the ticket
 * still being where the round found it, so a retried round moves nothing twice.
 */
export async function rotateQueue(
  ctx: AppContext,
  input: QueueRotationStepInput,
): Promise<QueueRotationStepResult> {
  const now = new Date(Math.max(input.now, Date.now()));
  const db = tenantData(ctx.ds, input.companyId);
  const [queue] = await db.query<{ ativarRoteador: boolean; tempoRoteador: number }>(
    `SELECT "ativarRoteador", "tempoRoteador" FROM queues WHERE "companyId" = $1 AND id = $2`,
    [db.companyId, input.queueId],
  );
  if (!queue?.ativarRoteador || !(queue.tempoRoteador > 0))
    return { cursor: input.cursor, assigned: [], nextInMs: null };
  const period = queue.tempoRoteador * 60_000;
  const change: Change = { ticketId: 0, moved: [], stored: [] };
  const assigned: QueueRotationStepResult['assigned'] = [];
  let cursor = input.cursor;

  await db.transaction(async (tx) => {
    const members = (
      await tx.query<{ id: number }>(
        `SELECT u.id FROM user_queues uq JOIN users u ON u.id = uq."userId"
          WHERE uq."companyId" = $1 AND uq."queueId" = $2 AND u.online ORDER BY u.id`,
        [tx.companyId, input.queueId],
      )
    ).map((m) => m.id);
    if (!members.length) return;
    // Waiting tickets, oldest first: the unassigned ones and those left untouched too long.
    // SKIP LOCKED: a ticket an attendant is accepting right now is not this round's.
    const waiting = await tx.query<{ id: number; userId: number | null }>(
      `SELECT id, "userId" FROM tickets
        WHERE "companyId" = $1 AND "queueId" = $2 AND status = 'pending'
          AND ("userId" IS NULL OR "updatedAt" <= $3)
        ORDER BY id FOR UPDATE SKIP LOCKED`,
      [tx.companyId, input.queueId, new Date(now.getTime() - period)],
    );
    for (const t of waiting) {
      const userId = nextMember(members, cursor, t.userId);
      if (userId === null) continue;
      // "updatedAt" is the round's workflow instant: the member's time to accept starts now,
      // and the next round (a timer of one period after this one) finds it exactly due.
      // (A raw UPDATE answers [rows, count]; through a CTE it answers rows like a SELECT.)
      const [moved] = await tx.query<{ id: number }>(
        `WITH u AS (UPDATE tickets SET "userId" = $4, "updatedAt" = $5
                     WHERE "companyId" = $1 AND id = $2 AND status = 'pending' AND "queueId" = $3
                       AND "userId" IS NOT DISTINCT FROM $6::int
                    RETURNING id)
         SELECT id FROM u`,
        [tx.companyId, t.id, input.queueId, userId, new Date(input.now), t.userId],
      );
      if (!moved) continue;
      cursor = userId;
      assigned.push({ ticketId: t.id, userId });
      change.moved.push({
        ticketId: t.id,
        before: { status: 'pending', queueId: input.queueId, userId: t.userId },
      });
    }
  });
  await afterChange(ctx, input.companyId, change);
  return { cursor, assigned, nextInMs: period };
}
