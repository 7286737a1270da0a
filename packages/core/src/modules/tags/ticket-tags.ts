import { AppError } from '@atendo/domain';
import type { TenantData } from '../../db/tenant-data.js';

/**
 * Locks a ticket of the company for the rest of the transaction (concurrent lane moves of
 * one ticket run one after the other); another company's ticket is not found.
 */
export async function lockTicket(tx: TenantData, ticketId: number): Promise<void> {
  const [row] = await tx.query(
    `SELECT id FROM tickets WHERE id = $1 AND "companyId" = $2 FOR UPDATE`,
    [ticketId, tx.companyId],
  );
  if (!row) throw new AppError('ERR_NO_TICKET_FOUND');
}
