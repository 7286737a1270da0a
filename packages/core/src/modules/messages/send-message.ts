import { AppError, type ChatMessageView, MSG_REQUIRED } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { TicketEntity, UserEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { findTicket } from '../tickets/find-ticket.js';
import { storePrivateUpload } from '../uploads/private-uploads.js';
import { loadMessageViews } from './message-views.js';
import {
  publishStoredMessages,
  storeOutboundMessage,
  type OutboundMessage,
} from './post-message.js';
import { mediaKindOf } from './media-kind.js';
import { privateNote, signed } from './private-note.js';
import { assertInsideReplyWindow, META_CHANNELS } from './reply-window.js';

export interface SendInput {
  body: string;
  isPrivate?: boolean | 'true' | 'false';
  sendSignMessage?: boolean | 'true' | 'false';
  quotedMsg?: { id: number } | null;
  vCard?: { name: string; number: string } | null;
  location?: { latitude: number; longitude: number; name?: string } | null;
}

const yes = (v: unknown) => v === true || v === 'true';

/**
 * POST /messages/:ticketId: the attendant's message (text, files, a contact card, a location;
 * a reply to a quoted one; private, never sent to the channel; signed with the sender's name
 * when asked). Empty text is refused. Stored first at ack 0, then handed to the channel.
 */
export async function sendMessage(
  ctx: AppContext,
  o: { auth: Principal; ref: number | string; input: SendInput; files?: Buffer[] },
): Promise<{ messages: ChatMessageView[] }> {
  const view = await findTicket(ctx, o);
  const db = tenantData(ctx.ds, o.auth.companyId);
  const i = o.input;
  const isPrivate = yes(i.isPrivate);
  const files = o.files ?? [];
  const text = (i.body ?? '').trim();
  if (!text && files.length === 0 && !i.vCard && !i.location)
    throw new AppError('ERR_VALIDATION', { fields: [{ field: 'body', message: MSG_REQUIRED }] });
  if (view.status === 'closed' && !isPrivate) throw new AppError('ERR_NO_PERMISSION');
  // Meta channels take replies only within 24 h of the customer's last message: say so now
  // (400) rather than store a message the channel will refuse on every retry.
  if (!isPrivate && META_CHANNELS.includes(view.channel))
    await assertInsideReplyWindow(db, view.contactId);
  const user = await db
    .of(UserEntity)
    .get({ where: { id: o.auth.userId }, select: { id: true, name: true } });
  const dress = (body: string) =>
    !body
      ? body
      : isPrivate
        ? privateNote(user.name, body)
        : yes(i.sendSignMessage)
          ? signed(user.name, body)
          : body;

  const parts: OutboundMessage[] = [];
  for (const [n, file] of files.entries()) {
    const stored = await storePrivateUpload(ctx, { companyId: db.companyId, file });
    parts.push({
      body: n === 0 ? dress(text) : '',
      mediaType: mediaKindOf(stored.mimetype),
      mediaUrl: stored.url,
    });
  }
  if (i.vCard)
    parts.push({
      body: `BEGIN:VCARD\nVERSION:3.0\nN:${i.vCard.name}\nFN:${i.vCard.name}\nTEL;type=CELL;waid=${i.vCard.number}:+${i.vCard.number}\nEND:VCARD`,
      mediaType: 'contactMessage',
    });
  if (i.location)
    parts.push({
      body: `https://maps.google.com/maps?q=${i.location.latitude},${i.location.longitude}|${i.location.name ?? ''}`,
      mediaType: 'locationMessage',
    });
  if (files.length === 0 && text) parts.unshift({ body: dress(text) });

  const stored = await db.transaction(async (tx) => {
    const ticket = await tx.of(TicketEntity).get({ where: { id: view.id } }, 'ERR_NO_TICKET_FOUND');
    const out = [];
    for (const p of parts)
      out.push({
        ...(await storeOutboundMessage(tx, ticket, {
          ...p,
          userId: user.id,
          isPrivate,
          quotedMsgId: i.quotedMsg?.id ?? null,
        })),
        ticketId: ticket.id,
      });
    return out;
  });
  await publishStoredMessages(ctx, db.companyId, stored);
  return {
    messages: await loadMessageViews(
      db,
      stored.map((s) => s.messageId),
    ),
  };
}
