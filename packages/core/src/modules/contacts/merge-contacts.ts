import type { AppContext } from '../../context.js';
import { ACTIVE_TICKET_STATUSES, type Ticket } from '../../db/entities/index.js';
import { tenantData, type TenantData } from '../../db/tenant-data.js';
import type { TicketPlace } from '../tickets/events.js';
import { loadContactView } from './contact-view.js';
import { closeTicketRow } from '../tickets/close-ticket-row.js';
import { TICKET_COLUMNS } from '../tickets/inbound-ticket.js';

/**
 * One person, one contact. WhatsApp (Baileys 7) names a person by a
 * phone number and/or a LID; until it tells which number a LID is, a customer known only by
 * the LID is a contact without a number, and the same person writing by number is another
 * contact. When the pair becomes known, the LID-only contacts are merged into the number's.
 */

/** What a merge changed, for the live updates after its transaction commits. */
export interface LidMerge {
  /** The contact that is the person now. */
  contactId: number;
  /** Contacts merged into it, deleted. */
  removedContactIds: number[];
  /** Tickets that changed: moved to the contact, took another's messages, or closed. */
  tickets: { ticketId: number; before?: TicketPlace }[];
}

/** A contact as the merge reads it. */
interface MergedContact {
  id: number;
  name: string;
  number: string | null;
  lid: string | null;
  email: string | null;
  profilePicUrl: string | null;
  urlPicture: string | null;
  disableBot: boolean;
  acceptAudioMessage: boolean;
  active: boolean;
  lgpdAcceptedAt: Date | null;
  whatsappId: number | null;
  campaignOptOut: boolean;
}

/** A name that says nothing of the person: empty, or only one of their ids. */
const placeholder = (c: MergedContact) => !c.name.trim() || c.name === c.number || c.name === c.lid;

/**
 * Makes the person behind `lid` and `number` one contact of the company on WhatsApp, inside
 * the caller's transaction; answers what changed, or null when nothing did (so it is safe to
 * call again with the same pair).
 *
 * The contact kept is the one with the number (its id is what lists, campaigns and the API
 * know); without one, the oldest contact known only by that LID, which gets the number. The
 * kept contact takes the LID when it has none. Every other contact known only by that LID is
 * merged into it and deleted: its tickets, messages (as sender too, in groups), notes,
 * schedules, tags, extra info (names the kept contact lacks) and campaign shippings (campaigns
 * the kept contact is not in) move over; the kept contact keeps its own fields and takes the
 * others' where it has none (a name that was only an id, e-mail, pictures, consent, origin
 * connection); a block, a bot switched off, audio refused or a campaign opt-out on either
 * side holds for the person.
 *
 * One active ticket per contact and connection (UQ_tickets_active_contact_whatsapp): when two
 * merged contacts each have one on the same connection, the one an attendant holds (`open`)
 * survives, else the kept contact's; the other's messages move into it (with its unread
 * count and, when newer, its preview) and it is closed, as the bot closes, its history kept.
 *
 * Locks: the contacts FOR NO KEY UPDATE first (messages inserted meanwhile only take a key
 * share), then their active tickets in id order, as the inbound turn takes them.
 */
export async function mergeLidContacts(
  tx: TenantData,
  lid: string,
  number: string,
): Promise<LidMerge | null> {
  const found = await tx.query<MergedContact>(
    `SELECT id, name, number, lid, email, "profilePicUrl", "urlPicture", "disableBot",
            "acceptAudioMessage", active, "lgpdAcceptedAt", "whatsappId", "campaignOptOut"
       FROM contacts
      WHERE "companyId" = $1 AND channel = 'whatsapp' AND NOT "isGroup"
        AND (number = $3 OR (lid = $2 AND number IS NULL))
      ORDER BY id FOR NO KEY UPDATE`,
    [tx.companyId, lid, number],
  );
  if (!found.length) return null;
  const kept = found.find((c) => c.number === number) ?? found[0]!;
  const removed = found.filter((c) => c !== kept);
  if (!removed.length) {
    if (kept.number === number && kept.lid) return null;
    // The contact known only by its LID gets its number, or the number's contact its LID.
    await tx.query(
      `UPDATE contacts SET number = $3, lid = COALESCE(lid, $4),
              name = CASE WHEN name = '' OR name = lid THEN $3 ELSE name END, "updatedAt" = now()
        WHERE "companyId" = $1 AND id = $2`,
      [tx.companyId, kept.id, number, lid],
    );
    return { contactId: kept.id, removedContactIds: [], tickets: [] };
  }

  const removedIds = removed.map((c) => c.id);
  const tickets = await mergeTickets(tx, kept.id, removedIds);
  await moveRows(tx, kept.id, removedIds);

  // The kept contact's fields, completed by the others' (oldest first).
  const all = [kept, ...removed];
  const first = <K extends keyof MergedContact>(k: K) =>
    all.map((c) => c[k]).find((v) => v !== null) ?? null;
  const named = all.find((c) => !placeholder(c));
  await tx.query(
    `UPDATE contacts SET number = $3, lid = $4, name = $5, email = $6, "profilePicUrl" = $7,
            "urlPicture" = $8, "disableBot" = $9, "acceptAudioMessage" = $10, active = $11,
            "lgpdAcceptedAt" = $12, "whatsappId" = $13, "campaignOptOut" = $14,
            "updatedAt" = now()
      WHERE "companyId" = $1 AND id = $2`,
    [
      tx.companyId,
      kept.id,
      number,
      kept.lid ?? lid,
      named?.name ?? (placeholder(kept) ? number : kept.name),
      first('email'),
      first('profilePicUrl'),
      first('urlPicture'),
      all.some((c) => c.disableBot),
      all.every((c) => c.acceptAudioMessage),
      all.every((c) => c.active),
      first('lgpdAcceptedAt'),
      first('whatsappId'),
      all.some((c) => c.campaignOptOut),
    ],
  );
  await tx.query(`DELETE FROM contacts WHERE "companyId" = $1 AND id = ANY($2::int[])`, [
    tx.companyId,
    removedIds,
  ]);
  return { contactId: kept.id, removedContactIds: removedIds, tickets };
}

/**
 * Settles the active tickets of the merged contacts, one per connection (see
 * mergeLidContacts), then gives every ticket of the removed contacts to the kept one.
 */
async function mergeTickets(tx: TenantData, keptId: number, removedIds: number[]) {
  const active = await tx.query<Ticket>(
    `SELECT ${TICKET_COLUMNS} FROM tickets
      WHERE "companyId" = $1 AND "contactId" = ANY($2::int[]) AND status = ANY($3::text[])
      ORDER BY id FOR UPDATE`,
    [tx.companyId, [keptId, ...removedIds], [...ACTIVE_TICKET_STATUSES]],
  );
  const changed = new Map<number, { ticketId: number; before?: TicketPlace }>();
  // The active ticket on each connection: the kept contact's first, then the others' in turn.
  const byConnection = new Map<number, Ticket>();
  const order = [keptId, ...removedIds];
  active.sort((a, b) => order.indexOf(a.contactId) - order.indexOf(b.contactId) || a.id - b.id);
  for (const t of active) {
    if (t.whatsappId === null) continue;
    const other = byConnection.get(t.whatsappId);
    if (!other) {
      byConnection.set(t.whatsappId, t);
      continue;
    }
    const [survivor, closed] =
      t.status === 'open' && other.status !== 'open' ? [t, other] : [other, t];
    byConnection.set(t.whatsappId, survivor);
    const newer = new Date(closed.updatedAt).getTime() > new Date(survivor.updatedAt).getTime();
    await tx.query(
      `UPDATE messages SET "ticketId" = $3 WHERE "companyId" = $1 AND "ticketId" = $2`,
      [tx.companyId, closed.id, survivor.id],
    );
    await tx.query(
      `UPDATE tickets SET "unreadMessages" = "unreadMessages" + $3,
              "lastMessage" = CASE WHEN $4 THEN $5 ELSE "lastMessage" END,
              "fromMe" = CASE WHEN $4 THEN $6 ELSE "fromMe" END,
              "updatedAt" = GREATEST("updatedAt", $7)
        WHERE "companyId" = $1 AND id = $2`,
      [
        tx.companyId,
        survivor.id,
        closed.unreadMessages,
        newer,
        closed.lastMessage,
        closed.fromMe,
        closed.updatedAt,
      ],
    );
    if (newer) Object.assign(survivor, { lastMessage: closed.lastMessage, fromMe: closed.fromMe });
    survivor.unreadMessages += closed.unreadMessages;
    const before = { status: closed.status, queueId: closed.queueId, userId: closed.userId };
    await closeTicketRow(tx, closed);
    changed.set(survivor.id, { ticketId: survivor.id, before: changed.get(survivor.id)?.before });
    changed.set(closed.id, {
      ticketId: closed.id,
      before: changed.get(closed.id)?.before ?? before,
    });
  }
  const moved = await tx.query<{ id: number }>(
    `UPDATE tickets SET "contactId" = $2 WHERE "companyId" = $1 AND "contactId" = ANY($3::int[])
     RETURNING id`,
    [tx.companyId, keptId, removedIds],
  );
  for (const { id } of moved) if (!changed.has(id)) changed.set(id, { ticketId: id });
  return [...changed.values()];
}

/** Gives the kept contact the removed contacts' other rows (what the foreign keys name). */
async function moveRows(tx: TenantData, keptId: number, removedIds: number[]) {
  const p = [tx.companyId, keptId, removedIds];
  for (const table of ['messages', 'ticket_notes', 'scheduled_messages'])
    await tx.query(
      `UPDATE ${table} SET "contactId" = $2 WHERE "companyId" = $1 AND "contactId" = ANY($3::int[])`,
      p,
    );
  await tx.query(
    `INSERT INTO contact_tags ("contactId", "tagId", "companyId")
     SELECT DISTINCT $2::int, "tagId", "companyId" FROM contact_tags
      WHERE "companyId" = $1 AND "contactId" = ANY($3::int[])
     ON CONFLICT DO NOTHING`,
    p,
  );
  // Extra info by name and shippings by campaign: the kept contact's own win, then the oldest.
  await tx.query(
    `UPDATE contact_custom_fields SET "contactId" = $2, "updatedAt" = now()
      WHERE "companyId" = $1 AND id IN (
        SELECT DISTINCT ON (name) id FROM contact_custom_fields f
         WHERE f."companyId" = $1 AND f."contactId" = ANY($3::int[])
           AND NOT EXISTS (SELECT 1 FROM contact_custom_fields k
                            WHERE k."companyId" = $1 AND k."contactId" = $2 AND k.name = f.name)
         ORDER BY name, id)`,
    p,
  );
  await tx.query(
    `UPDATE campaign_shippings SET "contactId" = $2, "updatedAt" = now()
      WHERE "companyId" = $1 AND id IN (
        SELECT DISTINCT ON ("campaignId") id FROM campaign_shippings s
         WHERE s."companyId" = $1 AND s."contactId" = ANY($3::int[])
           AND NOT EXISTS (SELECT 1 FROM campaign_shippings k
                            WHERE k."companyId" = $1 AND k."contactId" = $2
                              AND k."campaignId" = s."campaignId")
         ORDER BY "campaignId", id)`,
    p,
  );
}

/**
 * The live updates of a committed merge: the removed contacts deleted, the kept one updated,
 * and every ticket that changed (each with where it was, when it moved).
 */
export async function publishLidMerge(
  ctx: AppContext,
  companyId: number,
  merge: LidMerge,
): Promise<void> {
  for (const contactId of merge.removedContactIds)
    ctx.events.publish('contact.deleted', { companyId, contactId });
  const view = await loadContactView(tenantData(ctx.ds, companyId), merge.contactId).catch(
    () => null,
  );
  if (view) ctx.events.publish('contact.updated', { companyId, contact: view });
  for (const t of merge.tickets)
    ctx.events.publish('ticket.updated', { companyId, ticketId: t.ticketId, before: t.before });
}
