import type { ModuleHttp } from '../../http/define-routes.js';
import { showTicketMigration } from '@atendo/core/modules/ticket-migration/show-ticket-migration.js';
import { startTicketMigration } from '@atendo/core/modules/ticket-migration/start-ticket-migration.js';

/** Ticket migration (docs/product/connections.md#connection-status): start one, read its progress. */
export const ticketMigrationHttp: ModuleHttp = (ctx) => ({
  handlers: {
    ticketMigrationStart: async ({ auth, body }) =>
      startTicketMigration(ctx, { auth, input: body }),
    ticketMigrationShow: async ({ auth, params }) =>
      showTicketMigration(ctx, { companyId: auth.companyId, migrationId: params.migrationId }),
  },
});
