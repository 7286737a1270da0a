import { AppError, type TicketView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { ContactEntity, QueueEntity, UserEntity, WhatsappEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { loadCompanyTimeZone } from '../companies/company-time-zone.js';
import { createTicketRow } from './create-ticket-row.js';
import { afterChange, type Change } from './ticket-change.js';
import { loadTicketView } from './ticket-views.js';
import { isTicketAdmin, loadViewer } from './viewer.js';

/**
 * New ticket (docs/product/tickets.md#the-tickets-screen New ticket modal, POST /tickets): a ticket for a contact on a
 * connection (the chosen one, else the caller's default, else the company's default), in a
 * queue, open for the caller or pending. One active ticket per contact and connection: the
 * holder comes back in ERR_OTHER_OPEN_TICKET.
 */
export async function createTicket(
  ctx: AppContext,
  o: {
    auth: Principal;
    input: {
      contactId: number;
      queueId?: number | null;
      whatsappId?: number | null;
      userId?: number | null;
      status?: 'open' | 'pending';
    };
  },
): Promise<TicketView> {
  const db = tenantData(ctx.ds, o.auth.companyId);
  const viewer = await loadViewer(db, o.auth);
  const i = o.input;
  const change: Change = { ticketId: 0, moved: [], stored: [] };
  const timeZone = await loadCompanyTimeZone(ctx, db.companyId);
  await db.transaction(async (tx) => {
    const contact = await tx
      .of(ContactEntity)
      .findOne({ where: { id: i.contactId }, select: { id: true, isGroup: true, channel: true } });
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
    const whatsappId = i.whatsappId ?? (await defaultConnection(tx, viewer.id));
    const connection = await tx.of(WhatsappEntity).findOne({
      where: { id: whatsappId },
      select: { id: true, channel: true, groupAsTicket: true },
    });
    if (!connection) throw new AppError('ERR_NO_WAPP_FOUND');
    if (i.queueId && !(await tx.of(QueueEntity).exists({ id: i.queueId })))
      throw new AppError('ERR_NOT_FOUND');
    if (i.queueId && !isTicketAdmin(viewer) && !viewer.queueIds.includes(i.queueId))
      throw new AppError('ERR_NO_PERMISSION');
    // Opening for someone else is an admin's call; everyone else opens for themselves.
    const ownerId =
      i.status === 'pending'
        ? (i.userId ?? null)
        : isTicketAdmin(viewer) && i.userId
          ? i.userId
          : viewer.id;
    if (ownerId && ownerId !== viewer.id && !(await tx.of(UserEntity).exists({ id: ownerId })))
      throw new AppError('ERR_NO_USER_FOUND');
    const groupStatus = contact.isGroup && connection.groupAsTicket !== 'enabled';
    const status = groupStatus ? 'group' : (i.status ?? 'open');
    const row = await createTicketRow(
      tx,
      {
        contactId: contact.id,
        whatsappId: connection.id,
        channel: connection.channel,
        queueId: i.queueId ?? null,
        userId: status === 'pending' && !ownerId ? null : ownerId,
        status,
        isGroup: contact.isGroup,
      },
      timeZone,
    );
    change.ticketId = row.id;
    change.moved.push({ ticketId: row.id, created: true });
  });
  await afterChange(ctx, db.companyId, change);
  return loadTicketView(db, change.ticketId);
}

/** The caller's default connection, else the company's default one. */
async function defaultConnection(
  tx: ReturnType<typeof tenantData>,
  userId: number,
): Promise<number> {
  const user = await tx
    .of(UserEntity)
    .findOne({ where: { id: userId }, select: { id: true, whatsappId: true } });
  if (user?.whatsappId) return user.whatsappId;
  const def = await tx
    .of(WhatsappEntity)
    .findOne({ where: { isDefault: true }, select: { id: true } });
  if (!def) throw new AppError('ERR_NO_DEF_WAPP_FOUND');
  return def.id;
}
