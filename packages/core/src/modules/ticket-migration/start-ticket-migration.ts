import {
  TICKET_MIGRATION_WORKFLOW,
  ticketMigrationWorkflowId,
  type TicketMigrationInput,
} from '@atendo/domain/processes';
import type { TicketMigrationRequest, TicketMigrationView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { TicketMigrationEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { loadWhatsapp } from '../connections/connections-access.js';
import { toTicketMigrationView } from './ticket-migration-view.js';

/**
 * POST /tickets-migration (admins): records the request (the tickets, the target, who asked)
 * and starts its workflow, which moves the tickets in batches of 5 with 500 ms between them.
 * Answers at once with the migration's id and counters; the rest arrives live
 * (`company-{id}-ticketMigration`) or from GET /tickets-migration/:migrationId. Tickets that
 * are not this company's simply fail, one by one, like refused ones.
 */
export async function startTicketMigration(
  ctx: AppContext,
  o: { auth: Principal; input: TicketMigrationRequest },
): Promise<TicketMigrationView> {
  const companyId = o.auth.companyId;
  const target = await loadWhatsapp(ctx, companyId, o.input.whatsappId);
  const row = await tenantData(ctx.ds, companyId).of(TicketMigrationEntity).insert({
    userId: o.auth.userId,
    whatsappId: target.id,
    ticketIds: o.input.ticketIds,
    position: 0,
    migrated: 0,
    failed: 0,
    status: 'running',
  });
  const input: TicketMigrationInput = { companyId, migrationId: row.id };
  await ctx.processes.start(
    TICKET_MIGRATION_WORKFLOW,
    ticketMigrationWorkflowId(companyId, row.id),
    [input],
  );
  return toTicketMigrationView(row);
}
