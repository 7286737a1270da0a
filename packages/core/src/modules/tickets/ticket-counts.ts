import type { DataSource } from 'typeorm';
import { asPlatform } from '../../db/tenant-scope.js';

/** Any number; one api process folds the tab totals at a time (pg_try_advisory_xact_lock). */
const COMPACTION_LOCK = 7_496_301;

/**
 * Folds each (company, status, queue, owner, group) of `ticket_counts` that holds more than one
 * delta into one row, and drops groups that sum to zero (migration TicketTabCounts). Deltas
 * committed while it runs are outside its snapshot and stay as they are; the sums, and so every
 * tab total, are the same before and after. Returns how many delta rows it folded.
 */
export async function compactTicketCounts(ds: DataSource): Promise<number> {
  return asPlatform('ticket-counts', () =>
    ds.transaction(async (em) => {
      const [{ locked }] = (await em.query(`SELECT pg_try_advisory_xact_lock($1) AS locked`, [
        COMPACTION_LOCK,
      ])) as [{ locked: boolean }];
      if (!locked) return 0; // another process is folding them now
      const [{ folded }] = (await em.query(`
        WITH groups AS (
          SELECT "companyId", status, "queueId", "userId", "isGroup"
            FROM ticket_counts GROUP BY 1, 2, 3, 4, 5 HAVING count(*) > 1 OR sum(n) = 0),
        gone AS (
          DELETE FROM ticket_counts c USING groups g
           WHERE c."companyId" = g."companyId" AND c.status = g.status
             AND c."queueId" IS NOT DISTINCT FROM g."queueId"
             AND c."userId" IS NOT DISTINCT FROM g."userId" AND c."isGroup" = g."isGroup"
          RETURNING c.*),
        kept AS (
          INSERT INTO ticket_counts ("companyId", status, "queueId", "userId", "isGroup", n)
          SELECT "companyId", status, "queueId", "userId", "isGroup", sum(n)
            FROM gone GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0)
        SELECT count(*)::int AS folded FROM gone`)) as [{ folded: number }];
      return folded;
    }),
  );
}
