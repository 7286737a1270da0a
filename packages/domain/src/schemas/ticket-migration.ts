import { z } from 'zod';
import { idParam } from './common.js';

/** Tickets one migration may move (the modal selects among pages of 40). */
export const TICKET_MIGRATION_MAX = 5000;

/** POST /tickets-migration: move these tickets to the target connection (docs/product/connections.md#connection-status, docs/product/connections.md#validation). */
export const ticketMigrationSchema = z.object({
  whatsappId: idParam,
  ticketIds: z
    .array(idParam)
    .min(1)
    .max(TICKET_MIGRATION_MAX)
    .transform((ids) => [...new Set(ids)]),
});
export type TicketMigrationRequest = z.output<typeof ticketMigrationSchema>;

/** `:migrationId` of GET /tickets-migration/:migrationId. */
export const ticketMigrationParams = z.object({ migrationId: z.uuid() });

/** Where a migration stands: how many tickets moved, how many were refused, and whether it ended. */
export const ticketMigrationView = z.object({
  migrationId: z.string(),
  whatsappId: z.number(),
  total: z.number(),
  migrated: z.number(),
  failed: z.number(),
  done: z.boolean(),
});
export type TicketMigrationView = z.output<typeof ticketMigrationView>;
