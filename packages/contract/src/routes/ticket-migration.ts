import { ticketMigrationParams, ticketMigrationSchema, ticketMigrationView } from '@atendo/domain';
import { route } from '../define.js';

/**
 * Ticket migration (docs/product/connections.md#connection-status): the console hands the selected tickets and the target
 * connection over once; the platform moves them in batches of 5 with 500 ms between batches
 * and reports migrated/failed live (`company-{id}-ticketMigration`) and on request.
 */
export const ticketMigrationRoutes = {
  ticketMigrationStart: route({
    method: 'POST',
    path: '/tickets-migration',
    access: 'admin',
    tag: 'connections',
    summary: 'Move tickets to another connection (pending, no user, transferred), in batches',
    body: ticketMigrationSchema,
    response: ticketMigrationView,
    status: 202,
  }),
  ticketMigrationShow: route({
    method: 'GET',
    path: '/tickets-migration/:migrationId',
    access: 'admin',
    tag: 'connections',
    summary: "A migration's progress: migrated, failed, total, done",
    params: ticketMigrationParams,
    response: ticketMigrationView,
  }),
} as const;
