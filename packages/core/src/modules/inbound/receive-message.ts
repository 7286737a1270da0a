import { MEDIA_KINDS, type InboundMessage, type InboundResult } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { type Contact, type Ticket, type Whatsapp } from '../../db/entities/index.js';
import { tenantData, type TenantData } from '../../db/tenant-data.js';
import type { TicketPlace } from '../tickets/events.js';
import { companyTimeZone } from '../companies/company-time-zone.js';
import { afterChange, placeOf, type Change } from '../tickets/ticket-change.js';
import { batchable, inboundBatches } from './inbound-batch.js';
import { remoteJidOf, runsBot, storedText } from './inbound-message.js';
import { inboundTicket } from '../tickets/inbound-ticket.js';
import { openTurn } from './inbound-turn-of.js';
import { publishLidMerge, type LidMerge } from '../contacts/merge-contacts.js';
import { resolveContact } from '../contacts/resolve-contact.js';
import { INBOUND_STEPS } from './steps/index.js';
import { storeInboundMedia } from '../uploads/store-inbound-media.js';

const NOTHING: InboundResult = { messageId: null, ticketId: null, duplicate: false };
/** Thrown inside the turn's transaction when the message is stored already: rolls it back. */
const ALREADY_STORED = Symbol('already stored');

type InboundFile = { data: Buffer; mimetype: string; fileName?: string | null };
interface ReceiveOptions {
  /** A fixed answer instead of the bot (a rejected call's message). */
  say?: string;
  /**
   * A history message (docs/product/connections.md#import-of-old-messages): groups per the import's own choice, no bots, and a new
   * ticket is an imported one.
   */
  imported?: boolean;
}

/**
 * One message of a chat (docs/product/inbound.md#inbound-messages). A person's message without a file joins the
 * company's batch (inbound-batch.ts): stored there with the others in one transaction when
 * its chat has an active ticket and no bot step would act, else given its own turn here.
 */
export function receiveMessage(
  ctx: AppContext,
  conn: { companyId: number; whatsappId: number },
  m: InboundMessage,
  media?: InboundFile,
  now = new Date(),
  o: ReceiveOptions = {},
): Promise<InboundResult> {
  if (!media && !o.say && !o.imported && batchable(m))
    return inboundBatches(ctx, (w) => receiveOne(ctx, w.conn, w.m, undefined, w.now)).receive(
      conn,
      m,
      now,
    );
  return receiveOne(ctx, conn, m, media, now, o);
}

/**
 * One message's own turn: filtered, deduplicated by the channel's id on that connection, its
 * contact and ticket found or created, stored with the ticket's preview and unread count,
 * then, for a customer's message, the bot steps in order; all in one transaction holding the
 * ticket's row lock, so two messages of one chat take turns. After commit: the live updates,
 * and the sends of what the steps said.
 */
export async function receiveOne(
  ctx: AppContext,
  conn: { companyId: number; whatsappId: number },
  m: InboundMessage,
  media?: InboundFile,
  now = new Date(),
  o: ReceiveOptions = {},
): Promise<InboundResult> {
  const db = tenantData(ctx.ds, conn.companyId);
  // The whole row and the company's time zone in one read, without the ORM's per-column
  // mapping: this runs for every message.
  const [connection] = await db.prepared<Whatsapp & { companyTimezone: string }>(
    'inbound-connection',
    `SELECT w.*, c.timezone AS "companyTimezone"
       FROM whatsapps w JOIN companies c ON c.id = w."companyId"
      WHERE w."companyId" = $1 AND w.id = $2`,
    [db.companyId, conn.whatsappId],
  );
  if (!connection) return NOTHING;
  if (m.group && !connection.allowGroup && !o.imported) return NOTHING;
  const withFile = !!media && MEDIA_KINDS.includes(m.kind);
  if (withFile) {
    // A redelivered file is not written again. Without a file the insert itself finds the
    // duplicate (one round trip less for every message).
    const known = await findByWid(db, connection.id, m.wid);
    if (known) return { messageId: known.id, ticketId: known.ticketId, duplicate: true };
  }

  // The file is written before the transaction: a redelivery racing this one leaves at most
  // an orphan file, never a message without its file.
  const mediaUrl = withFile ? await storeInboundMedia(ctx, db.companyId, media.data) : null;
  const timeZone = companyTimeZone(ctx, { id: db.companyId, timezone: connection.companyTimezone });
  const change: Change = { ticketId: 0, moved: [], stored: [] };
  const placeNow = new Map<number, TicketPlace>();
  // Contacts a LID ↔ number identity merged in this turn, published once it commits.
  let merges: LidMerge[] = [];
  const onMerge = (merge: LidMerge) => merges.push(merge);

  const result = await db
    .transaction(async (tx): Promise<InboundResult | null> => {
      merges = [];
      const contact = m.group
        ? await resolveContact(tx, {
            identity: { number: m.group.id },
            channel: connection.channel,
            whatsappId: connection.id,
            isGroup: true,
            name: m.group.name,
          })
        : await resolveContact(tx, {
            identity: m.contact,
            channel: connection.channel,
            whatsappId: connection.id,
            isGroup: false,
            onMerge,
          });
      if (!contact || (!contact.active && !m.fromMe)) return null;
      const sender =
        m.group && m.participant
          ? await resolveContact(tx, {
              identity: m.participant,
              channel: connection.channel,
              whatsappId: connection.id,
              isGroup: false,
              onMerge,
            })
          : contact;
      const { ticket, isNew, reopened } = await inboundTicket(tx, {
        contact,
        connection,
        timeZone,
        now,
        imported: o.imported,
      });
      const before = reopened
        ? { status: 'closed', queueId: ticket.queueId, userId: null }
        : placeOf(ticket);
      const messageId = await insertMessage(tx, {
        connection,
        ticket,
        contact: sender ?? contact,
        m,
        mediaUrl,
      });
      // Stored already (a redelivery): undo this turn's contact and ticket writes too.
      if (messageId === null) throw ALREADY_STORED;
      change.ticketId = ticket.id;
      change.moved.push({ ticketId: ticket.id, before, created: isNew });
      const bot =
        !o.imported && !m.fromMe && m.kind !== 'call_log' && runsBot(contact, ticket, connection);
      if (bot || o.say) {
        const turn = openTurn({
          ctx,
          tx,
          connection,
          contact,
          ticket,
          isNewTicket: isNew || reopened,
          message: m,
          messageId,
          timeZone,
          now,
          change,
        });
        if (o.say) await turn.say(o.say);
        else for (const step of INBOUND_STEPS) if ((await step.run(turn)) === 'stop') break;
      }
      placeNow.set(ticket.id, placeOf(ticket));
      return { messageId, ticketId: ticket.id, duplicate: false };
    })
    .catch((err: unknown) => {
      if (err === ALREADY_STORED) return null;
      throw err;
    });

  if (!result) {
    // A redelivery (or one that raced this one) stored the message first.
    const winner = await findByWid(db, connection.id, m.wid);
    return winner ? { messageId: winner.id, ticketId: winner.ticketId, duplicate: true } : NOTHING;
  }
  for (const merge of merges) await publishLidMerge(ctx, db.companyId, merge);
  ctx.events.publish('message.created', {
    companyId: db.companyId,
    messageId: result.messageId!,
    ticketId: result.ticketId!,
  });
  // The ticket's own push only when it is new or changed place; its preview and unread
  // count travel with the message push.
  change.moved = change.moved.filter(
    (mv) => mv.created || moved(mv.before, placeNow.get(mv.ticketId)),
  );
  await afterChange(ctx, db.companyId, change);
  return result;
}

const moved = (a: TicketPlace | undefined, b: TicketPlace | undefined) =>
  !a || !b || a.status !== b.status || a.queueId !== b.queueId || a.userId !== b.userId;

async function findByWid(db: TenantData, whatsappId: number, wid: string) {
  const [row] = await db.prepared<{ id: number; ticketId: number }>(
    'message-by-wid',
    `SELECT id, "ticketId" FROM messages WHERE "whatsappId" = $1 AND wid = $2 AND "companyId" = $3`,
    [whatsappId, wid, db.companyId],
  );
  return row ?? null;
}

/**
 * Inserts the message and, in the same statement, gives its ticket the list preview, sender
 * side and unread count; null when a concurrent redelivery holds its channel id already (the
 * unique index on (whatsappId, wid) decides, without a savepoint round trip; the ticket is
 * then left as it was).
 */
async function insertMessage(
  tx: TenantData,
  o: {
    connection: Whatsapp;
    ticket: Ticket;
    contact: Contact;
    m: InboundMessage;
    mediaUrl: string | null;
  },
): Promise<number | null> {
  const { m, ticket } = o;
  const quoted = m.quotedWid ? await findByWid(tx, o.connection.id, m.quotedWid) : null;
  const { body, preview, unread } = storedText(m, o.mediaUrl);
  const [row] = await tx.prepared<{ id: number | null; unreadMessages: number | null }>(
    'inbound-message-insert',
    `WITH ins AS (
       INSERT INTO messages ("companyId", wid, body, "fromMe", read, ack, "mediaType", "mediaUrl",
                             "quotedMsgId", "isForwarded", participant, "remoteJid", "dataJson",
                             "ticketId", "contactId", "queueId", "whatsappId", "createdAt")
       VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
               COALESCE($17, now()))
       ON CONFLICT ("whatsappId", wid) DO NOTHING
       RETURNING id),
     u AS (
       UPDATE tickets SET "lastMessage" = $18, "fromMe" = $4, "updatedAt" = now(),
              "unreadMessages" = CASE WHEN $19 THEN "unreadMessages" + 1 ELSE "unreadMessages" END
        WHERE "companyId" = $1 AND id = $13 AND EXISTS (SELECT 1 FROM ins)
        RETURNING "unreadMessages")
     SELECT (SELECT id FROM ins) AS id, (SELECT "unreadMessages" FROM u) AS "unreadMessages"`,
    [
      tx.companyId,
      m.wid,
      body,
      m.fromMe,
      m.fromMe ? 1 : 0,
      m.kind,
      o.mediaUrl,
      quoted?.id ?? null,
      m.isForwarded,
      m.group ? (m.participant?.number ?? m.participant?.lid ?? null) : null,
      remoteJidOf(o.connection.channel, m),
      m.raw === undefined ? null : JSON.stringify(m.raw),
      ticket.id,
      o.contact.id,
      ticket.queueId,
      o.connection.id,
      m.timestamp ? new Date(m.timestamp * 1000) : null,
      preview,
      unread,
    ],
  );
  if (!row?.id) return null;
  Object.assign(ticket, {
    lastMessage: preview,
    fromMe: m.fromMe,
    unreadMessages: row.unreadMessages ?? ticket.unreadMessages,
  });
  return row.id;
}
