import { AppError } from '@atendo/domain';
import { ACTIVE_TICKET_INDEX, TicketEntity, type Ticket } from '../../db/entities/index.js';
import type { TenantData } from '../../db/tenant-data.js';
import { otherOpenTicket } from './ticket-change.js';
import { logTicket, startTracking } from './ticket-history.js';

/**
 * Inserts a ticket inside the caller's transaction, with its protocol (the company's calendar
 * date and the ticket id, generated once), `create` log and first tracking cycle. At most one
 * active ticket per contact and connection is held by the partial unique index: a concurrent
 * create that lost the race gets ERR_OTHER_OPEN_TICKET naming the winner's holder.
 */
export async function createTicketRow(
  tx: TenantData,
  t: {
    contactId: number;
    whatsappId: number | null;
    channel: string;
    queueId: number | null;
    userId: number | null;
    status: string;
    isGroup: boolean;
    isTransfered?: boolean;
  },
  /** The company's time zone: the protocol's date is the company's calendar day. */
  timeZone: string,
): Promise<Ticket> {
  let row: Ticket;
  try {
    // A savepoint: the unique violation must not abort the caller's transaction.
    row = await tx.transaction((inner) =>
      inner.of(TicketEntity).insert({
        ...t,
        isTransfered: t.isTransfered ?? false,
        protocol: `new-${crypto.randomUUID()}`,
      }),
    );
  } catch (err) {
    const pg = err as {
      code?: string;
      constraint?: string;
      driverError?: { code?: string; constraint?: string };
    };
    const code = pg.driverError?.code ?? pg.code;
    const constraint = pg.driverError?.constraint ?? pg.constraint;
    if (code === '23505' && constraint === ACTIVE_TICKET_INDEX) {
      throw (
        (await otherOpenTicket(tx, { contactId: t.contactId, whatsappId: t.whatsappId })) ??
        new AppError('ERR_OTHER_OPEN_TICKET')
      );
    }
    throw err;
  }
  const [{ protocol }] = (await tx.query<{ protocol: string }>(
    `WITH p AS (UPDATE tickets
                   SET protocol = to_char(now() AT TIME ZONE $3, 'YYYYMMDD') || lpad(id::text, 6, '0')
                 WHERE "companyId" = $1 AND id = $2 RETURNING protocol)
     SELECT protocol FROM p`,
    [tx.companyId, row.id, timeZone],
  )) as [{ protocol: string }];
  row.protocol = protocol;
  await logTicket(tx, { ticketId: row.id, type: 'create', userId: t.userId, queueId: t.queueId });
  await startTracking(
    tx,
    { ticketId: row.id, whatsappId: t.whatsappId, queueId: t.queueId, userId: t.userId },
    { startedAt: t.status === 'open' ? new Date() : null },
  );
  return row;
}
