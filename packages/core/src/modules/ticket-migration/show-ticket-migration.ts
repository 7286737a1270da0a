import { AppError, type TicketMigrationView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { TicketMigrationEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import { toTicketMigrationView } from './ticket-migration-view.js';

/** GET /tickets-migration/:migrationId (admins): where a migration of the company stands. */
export async function showTicketMigration(
  ctx: AppContext,
  o: { companyId: number; migrationId: string },
): Promise<TicketMigrationView> {
  const row = await tenantData(ctx.ds, o.companyId)
    .of(TicketMigrationEntity)
    .findOne({ where: { id: o.migrationId } });
  if (!row) throw new AppError('ERR_NOT_FOUND');
  return toTicketMigrationView(row);
}
