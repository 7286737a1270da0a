import { AppError } from '@atendo/domain';
import type { TenantData } from '../../db/tenant-data.js';

/** The channels that go through Meta's Graph API, under its messaging window. */
export const META_CHANNELS = ['whatsappapi', 'facebook', 'instagram'];

/** Meta's standard messaging window: replies only within 24 h of the customer's last message. */
export const REPLY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Refuses (ERR_OUTSIDE_24H_WINDOW) a send to a contact whose last message to us is older than
 * 24 hours, or who never wrote: Graph would refuse it anyway (error 131047 / 10), and saying
 * so before the call tells the attendant why. Reads the contact's newest inbound message
 * through its tickets (index messages(ticketId, createdAt)).
 */
export async function assertInsideReplyWindow(
  db: TenantData,
  contactId: number,
  now = Date.now(),
): Promise<void> {
  const [row] = await db.query<{ last: Date | null }>(
    `SELECT max(m."createdAt") AS last
       FROM tickets t JOIN messages m ON m."ticketId" = t.id AND m."companyId" = t."companyId"
      WHERE t."companyId" = $1 AND t."contactId" = $2 AND m."fromMe" = false`,
    [db.companyId, contactId],
  );
  const last = row?.last ? new Date(row.last).getTime() : null;
  if (last === null || now - last > REPLY_WINDOW_MS) throw new AppError('ERR_OUTSIDE_24H_WINDOW');
}
