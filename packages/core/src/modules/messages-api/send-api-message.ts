import { AppError, type ApiSendMessageInput, MSG_REQUIRED } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { QueueEntity, UserEntity, WhatsappEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import { withCompany } from '../../db/tenant-scope.js';
import { loadCompanyTimeZone } from '../companies/company-time-zone.js';
import { contactChannelOf, resolveContact } from '../contacts/resolve-contact.js';
import { assertInsideReplyWindow, META_CHANNELS } from '../messages/reply-window.js';
import { mediaKindOf } from '../messages/media-kind.js';
import { signed } from '../messages/private-note.js';
import { storeOutboundMessage, type OutboundMessage } from '../messages/post-message.js';
import { afterChange, type Change } from '../tickets/ticket-change.js';
import { proactiveTicket } from '../tickets/proactive-ticket.js';
import { closeTicketRow } from '../tickets/close-ticket-row.js';
import { storePrivateUpload } from '../uploads/private-uploads.js';
import { connectionByToken } from './connection-by-token.js';

/**
 * POST /api/messages/send (docs/product/messages-api.md#sending): an integrator's message to a number through the
 * connection its token names. The number must exist on the channel; the contact is created
 * when new, the contact's active ticket on that connection reused or a new one created (for
 * `userId`, open with that user and queue); the text is signed when asked; `closeTicket`
 * closes the ticket after sending, without a farewell.
 */
export async function sendApiMessage(
  ctx: AppContext,
  o: { token: string | undefined; input: ApiSendMessageInput; files: Buffer[] },
) {
  const connection = await connectionByToken(ctx, o.token);
  return withCompany(connection.companyId, () => send(ctx, connection, o.input, o.files));
}

async function send(
  ctx: AppContext,
  connection: { id: number; companyId: number; channel: string },
  i: ApiSendMessageInput,
  files: Buffer[],
) {
  const db = tenantData(ctx.ds, connection.companyId);
  const text = i.body.trim();
  if (!text && files.length === 0)
    throw new AppError('ERR_VALIDATION', { fields: [{ field: 'body', message: MSG_REQUIRED }] });
  const user = i.userId
    ? await db.of(UserEntity).findOne({ where: { id: i.userId }, select: { id: true, name: true } })
    : null;
  if (i.userId && !user)
    throw new AppError('ERR_VALIDATION', {
      fields: [{ field: 'userId', message: 'Unknown user' }],
    });
  if (i.queueId && !(await db.of(QueueEntity).exists({ id: i.queueId })))
    throw new AppError('ERR_VALIDATION', {
      fields: [{ field: 'queueId', message: 'Unknown queue' }],
    });
  if (i.sendSignature && !user)
    throw new AppError('ERR_VALIDATION', {
      fields: [{ field: 'userId', message: 'Required to sign the message' }],
    });

  const check = await ctx.channels.for(connection.channel).checkNumber?.({
    companyId: connection.companyId,
    whatsappId: connection.id,
    number: i.number,
  });
  if (check && !check.exists) throw new AppError('ERR_WAPP_INVALID_CONTACT');
  const number = check?.number ?? i.number;
  // Meta channels take messages only within 24 h of the customer's last one (no templates
  // here): refuse now, before anything is stored or sent, as the console's send does.
  if (META_CHANNELS.includes(connection.channel)) {
    const [known] = await db.query<{ id: number }>(
      `SELECT id FROM contacts WHERE "companyId" = $1 AND number = $2 AND channel = $3`,
      [db.companyId, number, contactChannelOf(connection.channel)],
    );
    if (!known) throw new AppError('ERR_OUTSIDE_24H_WINDOW');
    await assertInsideReplyWindow(db, known.id);
  }

  const parts: OutboundMessage[] = [];
  const body = text && i.sendSignature && user ? signed(user.name, text) : text;
  for (const [n, file] of files.entries()) {
    const stored = await storePrivateUpload(ctx, { companyId: db.companyId, file });
    parts.push({
      body: n === 0 ? body : '',
      mediaType: mediaKindOf(stored.mimetype),
      mediaUrl: stored.url,
    });
  }
  if (!files.length) parts.push({ body });

  const timeZone = await loadCompanyTimeZone(ctx, db.companyId);
  const change: Change = { ticketId: 0, moved: [], stored: [] };
  const full = await db.of(WhatsappEntity).findOne({ where: { id: connection.id } });
  await db.transaction(async (tx) => {
    const contact = await resolveContact(tx, {
      identity: { number },
      channel: connection.channel,
      whatsappId: connection.id,
      isGroup: false,
    });
    const { ticket } = await proactiveTicket(tx, change, {
      contact: contact!,
      connection: full!,
      timeZone,
      now: new Date(),
      placement:
        user || i.queueId ? { userId: user?.id ?? null, queueId: i.queueId ?? null } : null,
      always: true,
    });
    for (const part of parts) {
      const s = await storeOutboundMessage(tx, ticket, { ...part, userId: user?.id ?? null });
      change.stored.push({ ...s, ticketId: ticket.id });
    }
    if (i.closeTicket) await closeTicketRow(tx, ticket);
  });
  await afterChange(ctx, db.companyId, change);
  return {
    mensagem: 'Mensagem enviada',
    ticketId: change.ticketId,
    messageIds: change.stored.map((s) => s.messageId),
  };
}
