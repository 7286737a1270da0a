import type { InboundMessage, InboundResult, ScheduleEntry } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import {
  ACTIVE_TICKET_STATUSES,
  type Contact,
  type Ticket,
  type Whatsapp,
} from '../../db/entities/index.js';
import { tenantData, type TenantData } from '../../db/tenant-data.js';
import { withCompany } from '../../db/tenant-scope.js';
import { companyTimeZone } from '../companies/company-time-zone.js';
import { withDefaults } from '../tickets/ticket-settings.js';
import { TICKET_COLUMNS } from './inbound-ticket.js';
import type { TurnFacts } from './inbound-turn.js';
import { remoteJidOf, runsBot, storedText } from './inbound-message.js';
import { CONTACT_COLUMNS, contactChannelOf } from './resolve-contact.js';
import { INBOUND_STEPS } from './steps/index.js';
import { BOT_SETTING_KEYS } from './steps/step-support.js';

/**
 * The inbound pipeline's common path, many messages at a time (BEHAVIOUR A). Most of what
 * arrives is a person writing on a chat that has its active ticket, with no bot step to act:
 * such a message needs its contact, its ticket and one insert. Messages arriving while the
 * company's previous batch is in the database wait and go together in the next one: one
 * transaction reads their contacts and tickets, locks the tickets (in id order, so two
 * processes' batches never deadlock), stores every message and moves every ticket's preview
 * and unread count, in a handful of statements whatever the batch's size. A lone message
 * goes alone, at once: nothing waits on a timer.
 *
 * Everything else takes its own full turn (`receiveOne`), in arrival order, after the batch
 * committed: a new contact or ticket, a contact the message would change, groups and LIDs,
 * a redelivery, and any message a step of the pipeline would answer (`InboundStep.quiet`).
 * Once a chat's message goes the full way, that chat's later messages of the batch follow
 * it, so one chat's messages are stored in order.
 */

/** At most this many messages share a transaction. */
const MAX_BATCH = 100;

/** A message waiting for its company's batch. */
export interface Waiting {
  conn: { companyId: number; whatsappId: number };
  m: InboundMessage;
  now: Date;
}
type Full = (w: Waiting) => Promise<InboundResult>;
interface Queued extends Waiting {
  resolve(r: InboundResult | Promise<InboundResult>): void;
  reject(err: unknown): void;
}

/** A message the batch may take: a person's, known by a number or a page-scoped id. */
export function batchable(m: InboundMessage): boolean {
  return !m.group && !m.contact.lid && !!(m.contact.number ?? m.contact.platformId);
}

export interface InboundBatches {
  receive(conn: Waiting['conn'], m: InboundMessage, now: Date): Promise<InboundResult>;
  /** Since start: messages stored by batches, in how many, and messages given their own turn. */
  readonly counts: { together: number; batches: number; ownTurns: number };
}

const batchesOf = new WeakMap<AppContext, InboundBatches>();

/** The api context's batches, one queue per company; `full` is a message's own turn. */
export function inboundBatches(ctx: AppContext, full: Full): InboundBatches {
  let batches = batchesOf.get(ctx);
  if (!batches) {
    batches = createBatches(ctx, full);
    batchesOf.set(ctx, batches);
  }
  return batches;
}

function createBatches(ctx: AppContext, full: Full): InboundBatches {
  const queues = new Map<number, { items: Queued[]; running: boolean }>();
  const busy = new Map<string, Promise<void>>();
  const counts = { together: 0, batches: 0, ownTurns: 0 };

  const drain = async (companyId: number) => {
    const q = queues.get(companyId)!;
    try {
      while (q.items.length) {
        const batch = q.items.splice(0, MAX_BATCH);
        await withCompany(companyId, () => runBatch(ctx, companyId, batch, full, busy, counts));
      }
    } finally {
      q.running = false;
      queues.delete(companyId);
    }
  };

  return {
    counts,
    receive(conn, m, now) {
      return new Promise<InboundResult>((resolve, reject) => {
        let q = queues.get(conn.companyId);
        if (!q) {
          q = { items: [], running: false };
          queues.set(conn.companyId, q);
        }
        q.items.push({ conn, m, now, resolve, reject });
        if (q.running) return;
        q.running = true;
        // Webhooks read in the same turn of the event loop join this batch.
        setImmediate(() => void drain(conn.companyId));
      });
    },
  };
}

/** A connection as the batch reads it, with what its steps' facts need. */
type BatchConnection = Whatsapp & {
  companyTimezone: string;
  companySchedules: ScheduleEntry[] | null;
  queueCount: number;
  botSettings: { key: string; value: string }[] | null;
};

type ProbedContact = Contact & {
  inNumber: string;
  inChannel: string;
  inWhatsappId: number;
  activeTicketId: number | null;
  campaignWaits: boolean;
};

type LockedTicket = Ticket & {
  queueSchedules: ScheduleEntry[] | null;
  queuePromptId: number | null;
};

/** A chat on a connection, as the batch tells them apart before reading anything. */
const chatOf = (w: Waiting) =>
  `${w.conn.whatsappId}:${(w.m.contact.number ?? w.m.contact.platformId)!}`;

/**
 * One batch: its common messages stored together, then every other one given its own turn,
 * without holding up the next batch; a chat's turns run one after the other (`busy` holds
 * each chat's last turn), and while a chat has a turn running its new messages queue behind.
 */
async function runBatch(
  ctx: AppContext,
  companyId: number,
  batch: Queued[],
  full: Full,
  busy: Map<string, Promise<void>>,
  counts: InboundBatches['counts'],
) {
  const db = tenantData(ctx.ds, companyId);
  let taken = new Map<Queued, InboundResult>();
  try {
    taken = await storeCommon(ctx, db, batch, (w) => busy.has(chatOf(w)));
  } catch (err) {
    // A deadlock with another writer, a contact deleted meanwhile: every message takes its
    // own turn instead, and the error of one is that one's alone.
    ctx.logger.warn({ err, companyId, messages: batch.length }, 'inbound batch: one by one');
    taken.clear();
  }
  if (taken.size) {
    counts.batches++;
    counts.together += taken.size;
  }
  for (const w of batch) {
    const stored = taken.get(w);
    if (stored) {
      w.resolve(stored);
      continue;
    }
    counts.ownTurns++;
    const chat = chatOf(w);
    const turn = (busy.get(chat) ?? Promise.resolve()).then(() => full(w));
    const settled = turn.then(
      () => undefined,
      () => undefined,
    );
    busy.set(chat, settled);
    void settled.then(() => {
      if (busy.get(chat) === settled) busy.delete(chat);
    });
    turn.then(w.resolve, w.reject);
  }
}

/**
 * Stores, in one transaction, the batch's messages that need nothing but storing, and
 * answers each of them; the others are left for their own turn.
 */
async function storeCommon(
  ctx: AppContext,
  db: TenantData,
  batch: Queued[],
  hasTurnRunning: (w: Waiting) => boolean,
): Promise<Map<Queued, InboundResult>> {
  const out = new Map<Queued, InboundResult>();
  const conns = await loadConnections(db, [...new Set(batch.map((w) => w.conn.whatsappId))]);
  const numberOf = (w: Waiting) => (w.m.contact.number ?? w.m.contact.platformId)!;
  const channelOf = (w: Waiting) => contactChannelOf(conns.get(w.conn.whatsappId)!.channel);
  const known = batch.filter((w) => conns.has(w.conn.whatsappId));
  if (!known.length) return out;

  const probeKey = (number: string, channel: string, whatsappId: number) =>
    `${whatsappId}:${channel}:${number}`;
  const stored = await db.transaction(async (tx) => {
    const wanted = new Map<string, { number: string; channel: string; whatsappId: number }>();
    for (const w of known) {
      // A chat whose own turn is running goes after it: its ticket is not even locked here,
      // which would make the batch wait for that turn.
      if (hasTurnRunning(w)) continue;
      const x = { number: numberOf(w), channel: channelOf(w), whatsappId: w.conn.whatsappId };
      wanted.set(probeKey(x.number, x.channel, x.whatsappId), x);
    }
    const contacts = await probeContacts(tx, [...wanted.values()]);
    const probed = new Map(
      contacts.map((c) => [probeKey(c.inNumber, c.inChannel, c.inWhatsappId), c]),
    );
    const ticketIds = [...new Set(contacts.map((c) => c.activeTicketId).filter((id) => !!id))];
    if (!ticketIds.length) return [];
    const tickets = new Map((await lockTickets(tx, ticketIds as number[])).map((t) => [t.id, t]));

    // In arrival order: which messages the batch stores.
    const rows: Row[] = [];
    const fullChats = new Set<string>();
    const wids = new Set<string>();
    for (const w of batch) {
      const connection = conns.get(w.conn.whatsappId);
      if (!connection) continue;
      const chat = probeKey(numberOf(w), channelOf(w), connection.id);
      const wid = `${connection.id}:${w.m.wid}`;
      const contact = probed.get(chat);
      const ticket = contact?.activeTicketId ? tickets.get(contact.activeTicketId) : undefined;
      const ok =
        !fullChats.has(chat) &&
        !hasTurnRunning(w) &&
        !wids.has(wid) &&
        !!contact &&
        !!ticket &&
        ticket.contactId === contact.id &&
        (ACTIVE_TICKET_STATUSES as readonly string[]).includes(ticket.status) &&
        (contact.active || w.m.fromMe) &&
        !changesContact(contact, w.m, connection.id) &&
        quietTurn(ctx, w, connection, contact, ticket);
      wids.add(wid);
      if (!ok) {
        fullChats.add(chat);
        continue;
      }
      rows.push({ w, connection, contact: contact!, ticket: ticket! });
    }
    return rows.length ? insertMessages(tx, rows) : [];
  });

  for (const { w, id, ticketId } of stored) {
    ctx.events.publish('message.created', { companyId: db.companyId, messageId: id, ticketId });
    out.set(w, { messageId: id, ticketId, duplicate: false });
  }
  return out;
}

/** The batch's connections with their company's time zone, hours and bot settings. */
async function loadConnections(db: TenantData, ids: number[]) {
  const rows = await db.prepared<BatchConnection>(
    'inbound-batch-connections',
    `SELECT w.*, c.timezone AS "companyTimezone", c.schedules AS "companySchedules",
            (SELECT count(*)::int FROM whatsapp_queues wq
              WHERE wq."companyId" = $1 AND wq."whatsappId" = w.id) AS "queueCount",
            (SELECT json_agg(json_build_object('key', s.key, 'value', s.value)) FROM settings s
              WHERE s."companyId" = $1 AND s.key = ANY($3::text[])) AS "botSettings"
       FROM whatsapps w JOIN companies c ON c.id = w."companyId"
      WHERE w."companyId" = $1 AND w.id = ANY($2::int[])`,
    [db.companyId, ids, BOT_SETTING_KEYS],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The contacts behind the batch's numbers, each with its active ticket on the message's
 * connection and whether a running campaign waits for its confirmation (read, not locked).
 */
function probeContacts(
  tx: TenantData,
  wanted: { number: string; channel: string; whatsappId: number }[],
) {
  return tx.prepared<ProbedContact>(
    'inbound-batch-contacts',
    `SELECT i.n AS "inNumber", i.ch AS "inChannel", i.w AS "inWhatsappId",
            ${CONTACT_COLUMNS},
            (SELECT t.id FROM tickets t
              WHERE t."companyId" = $1 AND t."contactId" = c.id AND t."whatsappId" = i.w
                AND t.status = ANY($5::text[])
              ORDER BY t.id DESC LIMIT 1) AS "activeTicketId",
            EXISTS (SELECT 1 FROM campaign_shippings s JOIN campaigns cp ON cp.id = s."campaignId"
                     WHERE s."companyId" = $1 AND s.number = c.number AND s.confirmation
                       AND s."confirmationMessageId" IS NOT NULL AND s."confirmedAt" IS NULL
                       AND cp.status = 'EM_ANDAMENTO') AS "campaignWaits"
       FROM unnest($2::text[], $3::text[], $4::int[]) AS i(n, ch, w)
       CROSS JOIN LATERAL (SELECT * FROM contacts
                            WHERE "companyId" = $1 AND number = i.n AND channel = i.ch LIMIT 1) c`,
    [
      tx.companyId,
      wanted.map((x) => x.number),
      wanted.map((x) => x.channel),
      wanted.map((x) => x.whatsappId),
      [...ACTIVE_TICKET_STATUSES],
    ],
  );
}

/** Locks the batch's tickets in id order and reads them as they are now. */
function lockTickets(tx: TenantData, ids: number[]) {
  return tx.prepared<LockedTicket>(
    'inbound-batch-lock-tickets',
    `SELECT ${TICKET_COLUMNS},
            (SELECT COALESCE(q.schedules, '[]'::jsonb) FROM queues q
              WHERE q.id = tickets."queueId") AS "queueSchedules",
            (SELECT q."promptId" FROM queues q WHERE q.id = tickets."queueId") AS "queuePromptId"
       FROM tickets WHERE "companyId" = $1 AND id = ANY($2::int[])
      ORDER BY id FOR UPDATE`,
    [tx.companyId, ids],
  );
}

/**
 * Whether resolveContact's upsert would change the contact: a name that was only its number
 * taking the person's own, a first connection, a new picture. Such a message takes its turn.
 */
function changesContact(c: Contact, m: InboundMessage, whatsappId: number): boolean {
  const number = (m.contact.number ?? m.contact.platformId)!;
  const name = (m.contact.name ?? '').trim() || number;
  if ((c.name === c.number || c.name === '') && name !== c.name) return true;
  if (c.whatsappId === null && whatsappId) return true;
  const pic = m.contact.profilePicUrl ?? null;
  return pic !== null && pic !== c.profilePicUrl;
}

/** No step of the pipeline would act on this message (or the bot does not answer it at all). */
function quietTurn(
  ctx: AppContext,
  w: Waiting,
  connection: BatchConnection,
  contact: Contact,
  ticket: LockedTicket,
): boolean {
  const { m } = w;
  if (m.fromMe || m.kind === 'call_log' || !runsBot(contact, ticket, connection)) return true;
  const facts: TurnFacts = {
    connection,
    contact,
    ticket,
    isNewTicket: false,
    message: m,
    text: m.body.trim(),
    timeZone: companyTimeZone(ctx, {
      id: connection.companyId,
      timezone: connection.companyTimezone,
    }),
    now: w.now,
    settings: withDefaults(BOT_SETTING_KEYS, connection.botSettings ?? []),
    connectionQueues: connection.queueCount,
    campaignWaits: (contact as ProbedContact).campaignWaits,
    companySchedules: connection.companySchedules ?? [],
    queueSchedules: ticket.queueSchedules,
    queuePromptId: ticket.queuePromptId,
  };
  return INBOUND_STEPS.every((step) => step.quiet(facts));
}

interface Row {
  w: Queued;
  connection: BatchConnection;
  contact: Contact;
  ticket: Ticket;
}

/**
 * Inserts the messages (a redelivered channel id is skipped by the unique index) and gives
 * each ticket its newest stored message's preview and side and its unread count, in one
 * statement. Answers the stored ones.
 */
async function insertMessages(tx: TenantData, rows: Row[]) {
  const col = <T>(f: (r: Row, i: number) => T) => rows.map(f);
  const text = rows.map((r) => storedText(r.w.m, null));
  const inserted = await tx.prepared<{ ord: number; id: number; ticketId: number }>(
    'inbound-batch-insert',
    `WITH i AS (
       SELECT * FROM unnest($2::int[], $3::text[], $4::text[], $5::bool[], $6::text[], $7::text[],
                            $8::bool[], $9::text[], $10::text[], $11::int[], $12::int[], $13::int[],
                            $14::int[], $15::timestamptz[], $16::text[], $17::bool[])
         AS i(ord, wid, body, "fromMe", "mediaType", "quotedWid", "isForwarded", "remoteJid",
              "dataJson", "ticketId", "contactId", "queueId", "whatsappId", "createdAt",
              preview, unread)),
     ins AS (
       INSERT INTO messages ("companyId", wid, body, "fromMe", read, ack, "mediaType", "mediaUrl",
                             "quotedMsgId", "isForwarded", participant, "remoteJid", "dataJson",
                             "ticketId", "contactId", "queueId", "whatsappId", "createdAt")
       SELECT $1, i.wid, i.body, i."fromMe", i."fromMe", CASE WHEN i."fromMe" THEN 1 ELSE 0 END,
              i."mediaType", NULL,
              (SELECT q.id FROM messages q
                WHERE q."whatsappId" = i."whatsappId" AND q.wid = i."quotedWid" AND q."companyId" = $1),
              i."isForwarded", NULL, i."remoteJid", i."dataJson"::jsonb, i."ticketId",
              i."contactId", i."queueId", i."whatsappId", COALESCE(i."createdAt", now())
         FROM i ORDER BY i.ord
       ON CONFLICT ("whatsappId", wid) DO NOTHING
       RETURNING id, wid, "whatsappId"),
     done AS (
       SELECT i.*, ins.id FROM ins JOIN i ON i.wid = ins.wid AND i."whatsappId" = ins."whatsappId"),
     last AS (
       SELECT DISTINCT ON ("ticketId") "ticketId", preview, "fromMe" FROM done
        ORDER BY "ticketId", ord DESC),
     u AS (
       UPDATE tickets t SET "lastMessage" = last.preview, "fromMe" = last."fromMe",
              "updatedAt" = now(),
              "unreadMessages" = t."unreadMessages"
                + (SELECT count(*)::int FROM done d WHERE d."ticketId" = t.id AND d.unread)
         FROM last WHERE t."companyId" = $1 AND t.id = last."ticketId"
        RETURNING t.id)
     SELECT ord, id, "ticketId" FROM done ORDER BY ord`,
    [
      tx.companyId,
      col((_, i) => i),
      col((r) => r.w.m.wid),
      text.map((t) => t.body),
      col((r) => r.w.m.fromMe),
      col((r) => r.w.m.kind),
      col((r) => r.w.m.quotedWid ?? null),
      col((r) => r.w.m.isForwarded),
      col((r) => remoteJidOf(r.connection.channel, r.w.m)),
      col((r) => (r.w.m.raw === undefined ? null : JSON.stringify(r.w.m.raw))),
      col((r) => r.ticket.id),
      col((r) => r.contact.id),
      col((r) => r.ticket.queueId),
      col((r) => r.connection.id),
      col((r) => (r.w.m.timestamp ? new Date(r.w.m.timestamp * 1000) : null)),
      text.map((t) => t.preview),
      text.map((t) => t.unread),
    ],
  );
  return inserted.map((r) => ({ w: rows[r.ord]!.w, id: r.id, ticketId: r.ticketId }));
}

/** The api context's batch counts (zeros before its first message). */
export function inboundBatchCounts(ctx: AppContext): InboundBatches['counts'] {
  return batchesOf.get(ctx)?.counts ?? { together: 0, batches: 0, ownTurns: 0 };
}
