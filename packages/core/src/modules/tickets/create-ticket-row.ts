import { AppError } from '@atendo/domain';
import { ACTIVE_TICKET_STATUSES, type Ticket } from '../../db/entities/index.js';
import type { TenantData } from '../../db/tenant-data.js';
import { otherOpenTicket } from './ticket-change.js';

const ACTIVE = ACTIVE_TICKET_STATUSES.map((s) => `'${s}'`).join(', ');

/**
 * $1 company, $2 status, $3 channel, $4 contact, $5 user, $6 queue, $7 connection, $8 isGroup,
 * $9 isTransfered, $10 the company's time zone. ON CONFLICT names the partial unique index
 * (UQ_tickets_active_contact_whatsapp) by its columns and predicate.
 */
const CREATE_TICKET_SQL = `
  WITH n AS (SELECT nextval(pg_get_serial_sequence('tickets', 'id'))::int AS id),
  ins AS (
    INSERT INTO tickets (id, "companyId", status, channel, "contactId", "userId", "queueId",
                         "whatsappId", "isGroup", "isTransfered", protocol)
    SELECT n.id, $1, $2, $3, $4, $5, $6, $7, $8, $9,
           to_char(now() AT TIME ZONE $10, 'YYYYMMDD') || lpad(n.id::text, 6, '0')
      FROM n
    ON CONFLICT ("contactId", "whatsappId") WHERE status IN (${ACTIVE}) DO NOTHING
    RETURNING *),
  logged AS (
    INSERT INTO logs_tickets ("companyId", "ticketId", "userId", "queueId", type)
    SELECT "companyId", id, "userId", "queueId", 'create' FROM ins),
  tracked AS (
    INSERT INTO ticket_traking ("companyId", "ticketId", "whatsappId", "userId", "queueId",
                                "queuedAt", "startedAt")
    SELECT "companyId", id, "whatsappId", "userId", "queueId", clock_timestamp(),
           CASE WHEN status = 'open' THEN clock_timestamp() END FROM ins)
  SELECT * FROM ins`;

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
  // One statement: the insert (a conflict on the active-ticket index inserts nothing instead
  // of aborting the caller's transaction), its protocol from the id it takes, the `create`
  // log and the first tracking cycle.
  const [row] = await tx.query<Ticket>(CREATE_TICKET_SQL, [
    tx.companyId,
    t.status,
    t.channel,
    t.contactId,
    t.userId,
    t.queueId,
    t.whatsappId,
    t.isGroup,
    t.isTransfered ?? false,
    timeZone,
  ]);
  if (!row) {
    throw (
      (await otherOpenTicket(tx, { contactId: t.contactId, whatsappId: t.whatsappId })) ??
      new AppError('ERR_OTHER_OPEN_TICKET')
    );
  }
  return row;
}
