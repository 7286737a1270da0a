import { TICKET_MIGRATION_BATCH, type TicketMigrationProgress } from '@atendo/domain/processes';
import type { AppContext } from '../../context.js';
import { TicketMigrationEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import { migrateTicket } from './migrate-ticket.js';
import { toTicketMigrationView } from './ticket-migration-view.js';

/**
 * One batch of a migration (the workflow's activity): the next five tickets from `position`,
 * each moved or counted as failed, then the counters advance only if the row still stood at
 * `position`, so a retried activity counts a batch once. Publishes the progress for the
 * requesting user. Null when the migration no longer exists (its connection was deleted).
 */
export async function migrateTicketBatch(
  ctx: AppContext,
  o: { companyId: number; migrationId: string },
): Promise<TicketMigrationProgress | null> {
  const db = tenantData(ctx.ds, o.companyId);
  const row = await db.of(TicketMigrationEntity).findOne({ where: { id: o.migrationId } });
  if (!row) return null;
  if (row.status === 'done') return toTicketMigrationView(row);

  const position = row.position;
  const batch = row.ticketIds.slice(position, position + TICKET_MIGRATION_BATCH);
  let migrated = 0;
  let failed = 0;
  for (const ticketId of batch) {
    try {
      await migrateTicket(ctx, {
        companyId: o.companyId,
        ticketId,
        whatsappId: row.whatsappId,
        userId: row.userId,
      });
      migrated++;
    } catch (err) {
      failed++;
      ctx.logger.info(
        { companyId: o.companyId, migrationId: row.id, ticketId, err: String(err) },
        'ticket not migrated',
      );
    }
  }
  const next = position + batch.length;
  const [updated] = await db.query<{
    id: string;
    whatsappId: number;
    ticketIds: number[];
    migrated: number;
    failed: number;
    status: string;
  }>(
    `WITH u AS (
       UPDATE ticket_migrations
          SET position = $3, migrated = migrated + $4, failed = failed + $5,
              status = CASE WHEN $3 >= cardinality("ticketIds") THEN 'done' ELSE status END,
              "updatedAt" = now()
        WHERE "companyId" = $1 AND id = $2 AND position = $6
        RETURNING id, "whatsappId", "ticketIds", migrated, failed, status)
     SELECT * FROM u`,
    [o.companyId, row.id, next, migrated, failed, position],
  );
  const now = updated ?? (await db.of(TicketMigrationEntity).findOne({ where: { id: row.id } }));
  if (!now) return null;
  const progress = toTicketMigrationView(now);
  if (updated)
    ctx.events.publish('ticket_migration.progressed', {
      companyId: o.companyId,
      userId: row.userId,
      progress,
    });
  return progress;
}
