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
import { isOn, withDefaults } from '../tickets/ticket-settings.js';
import { TICKET_COLUMNS } from '../tickets/inbound-ticket.js';
import type { TurnFacts } from './inbound-turn.js';
import { remoteJidOf, runsBot, storedText } from './inbound-message.js';
import { CONTACT_COLUMNS, contactChannelOf } from '../contacts/resolve-contact.js';
import { INBOUND_STEPS } from './steps/index.js';
import { BOT_SETTING_KEYS } from './steps/step-support.js';

/**
 * The inbound pipeline's common path, many messages at a time (docs/product/inbound.md#inbound-messages). Most of what
 * arrives is a person writing on a chat that has its active ticket, with no bot step to act:
 * such a message needs its contact, its ticket and one insert. Messages arriving while the
 * company's previous batch is in the database wait and go together in the next one: one
 * transaction reads their contacts and tickets, locks the tickets (in id order, so two
 * processes' batches never deadlock), stores every message and moves every ticket's preview
 * and unread count, in a handful of statements whatever the batch's size. A lone message
 * goes alone, at once: nothing waits on a timer.
 *
 * A customer's first message of a conversation (a new contact, or a known one without an
 * active ticket on the connection) that no bot step would act on goes in the same transaction
 * too: one statement creates its contact, its ticket (with its protocol, `create` log and
 * first tracking cycle) and stores the message (`openConversations`), as its own turn would.
 *
 * Everything else takes its own full turn (`receiveOne`), in arrival order, after the batch
 * committed: a contact the message would change, a ticket that may be reopened, groups and
 * LIDs, a redelivery, and any message a step of the pipeline would answer
 * (`InboundStep.quiet`).
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

/** A number of the batch and its contact; the contact's columns are null when it has none. */
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
 * Stores, in one transaction, the batch's messages that need nothing but storing (and the
 * first messages of conversations no bot step would act on, with their contact and ticket),
 * and answers each of them; the others are left for their own turn.
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
    if (!wanted.size) return [];
    const probes = await probeContacts(tx, [...wanted.values()]);
    const probed = new Map(
      probes.map((c) => [probeKey(c.inNumber, c.inChannel, c.inWhatsappId), c]),
    );
    const ticketIds = [...new Set(probes.map((c) => c.activeTicketId).filter((id) => !!id))];
    const tickets = new Map(
      ticketIds.length ? (await lockTickets(tx, ticketIds as number[])).map((t) => [t.id, t]) : [],
    );

    // In arrival order: which messages the batch stores, on their tickets or on new ones.
    const rows: Row[] = [];
    const opening: Opening[] = [];
    const newContacts = new Set<string>();
    const fullChats = new Set<string>();
    const wids = new Set<string>();
    for (const w of batch) {
      const connection = conns.get(w.conn.whatsappId);
      if (!connection) continue;
      const chat = probeKey(numberOf(w), channelOf(w), connection.id);
      const wid = `${connection.id}:${w.m.wid}`;
      const probe = probed.get(chat);
      const contact = probe?.id ? probe : undefined;
      const ticket = contact?.activeTicketId ? tickets.get(contact.activeTicketId) : undefined;
      const free = !fullChats.has(chat) && !hasTurnRunning(w) && !wids.has(wid);
      wids.add(wid);
      // Every later message of a chat that opens here takes its own turn after this commits.
      fullChats.add(chat);
      if (!free || !probe) continue;
      if (!contact?.activeTicketId) {
        // One new contact per number: the same number's first message on another connection
        // finds it there, in its own turn.
        const person = `${channelOf(w)}:${numberOf(w)}`;
        const o = !newContacts.has(person) && opensQuietly(ctx, w, connection, probe);
        if (o) opening.push(o);
        if (o && !contact) newContacts.add(person);
        continue;
      }
      const ok =
        !!ticket &&
        ticket.contactId === contact.id &&
        (ACTIVE_TICKET_STATUSES as readonly string[]).includes(ticket.status) &&
        (contact.active || w.m.fromMe) &&
        !changesContact(contact, w.m, connection.id) &&
        quietTurn(ctx, w, connection, contact, ticket, false);
      if (!ok) continue;
      fullChats.delete(chat);
      rows.push({ w, connection, contact, ticket: ticket! });
    }
    const opened = opening.length ? await openConversations(ctx, tx, opening) : [];
    const common = rows.length ? await insertMessages(tx, rows) : [];
    return [...opened, ...common.map((r) => ({ ...r, created: false }))];
  });

  const order = new Map(batch.map((w, i) => [w, i]));
  stored.sort((a, b) => order.get(a.w)! - order.get(b.w)!);
  for (const { w, id, ticketId, created } of stored) {
    ctx.events.publish('message.created', { companyId: db.companyId, messageId: id, ticketId });
    // As its own turn: the new ticket's push after its message's.
    if (created) ctx.events.publish('ticket.created', { companyId: db.companyId, ticketId });
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
 * Every number of the batch with its contact (all columns null when it has none yet), the
 * contact's active ticket on the message's connection and whether a running campaign waits
 * for the number's confirmation (read, not locked).
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
                     WHERE s."companyId" = $1 AND s.number = i.n AND s.confirmation
                       AND s."confirmationMessageId" IS NOT NULL AND s."confirmedAt" IS NULL
                       AND cp.status = 'EM_ANDAMENTO') AS "campaignWaits"
       FROM unnest($2::text[], $3::text[], $4::int[]) AS i(n, ch, w)
       LEFT JOIN LATERAL (SELECT * FROM contacts
                           WHERE "companyId" = $1 AND number = i.n AND channel = i.ch LIMIT 1) c
         ON true`,
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
  isNewTicket: boolean,
  campaignWaits = (contact as ProbedContact).campaignWaits,
): boolean {
  const { m } = w;
  if (m.fromMe || m.kind === 'call_log' || !runsBot(contact, ticket, connection)) return true;
  const facts: TurnFacts = {
    connection,
    contact,
    ticket,
    isNewTicket,
    message: m,
    text: m.body.trim(),
    timeZone: companyTimeZone(ctx, {
      id: connection.companyId,
      timezone: connection.companyTimezone,
    }),
    now: w.now,
    settings: withDefaults(BOT_SETTING_KEYS, connection.botSettings ?? []),
    connectionQueues: connection.queueCount,
    campaignWaits,
    companySchedules: connection.companySchedules ?? [],
    queueSchedules: ticket.queueSchedules,
    queuePromptId: ticket.queuePromptId,
  };
  return INBOUND_STEPS.every((step) => step.quiet(facts));
}

/** A conversation the batch opens: its first message, and its contact when known already. */
interface Opening {
  w: Queued;
  connection: BatchConnection;
  /** The known contact; null when the batch creates it. */
  contact: Contact | null;
  campaignWaits: boolean;
}

/**
 * Whether a first message opens its conversation in the batch, exactly as its own turn would
 * (docs/product/inbound.md#contact–A.4): a customer's message whose new ticket starts `pending` and which no
 * step would act on for that new ticket. What its own turn would do differently goes there:
 * the agent's own phone, a blocked contact, a ticket that may be reopened
 * (timeCreateNewTicket), a contact the upsert would change (or touch: a push name other than
 * its name), a ticket that would start by asking consent.
 */
function opensQuietly(
  ctx: AppContext,
  w: Queued,
  connection: BatchConnection,
  probe: ProbedContact,
): Opening | null {
  const { m } = w;
  if (m.fromMe || m.kind === 'call_log') return null;
  const known = probe.id ? (probe as Contact) : null;
  const number = (m.contact.number ?? m.contact.platformId)!;
  const name = (m.contact.name ?? '').trim() || number;
  if (known) {
    if (!known.active || connection.timeCreateNewTicket > 0) return null;
    if (changesContact(known, m, connection.id) || known.name !== name) return null;
  }
  const settings = withDefaults(BOT_SETTING_KEYS, connection.botSettings ?? []);
  if (isOn(settings.enableLGPD) && (connection.lgpdMessage?.trim() || settings.lgpdMessage.trim()))
    return null;
  const contact: Contact = known ?? {
    id: 0,
    companyId: connection.companyId,
    name,
    number,
    email: null,
    profilePicUrl: m.contact.profilePicUrl ?? null,
    urlPicture: null,
    isGroup: false,
    disableBot: false,
    acceptAudioMessage: true,
    active: true,
    channel: contactChannelOf(connection.channel),
    lgpdAcceptedAt: null,
    whatsappId: connection.id,
    remoteJid: null,
    lid: null,
    campaignOptOut: false,
    createdAt: w.now,
    updatedAt: w.now,
  };
  const ticket = {
    id: 0,
    companyId: connection.companyId,
    status: 'pending',
    channel: connection.channel,
    contactId: contact.id,
    userId: null,
    queueId: null,
    whatsappId: connection.id,
    lastMessage: null,
    unreadMessages: 0,
    isGroup: false,
    isBot: false,
    isTransfered: false,
    amountUsedBotQueues: 0,
    amountUsedBotQueuesNPS: 0,
    useIntegration: false,
    integrationId: null,
    promptId: null,
    lgpdAccepted: false,
    lgpdAcceptedAt: null,
    chatbot: false,
    queueOptionId: null,
    typebotSessionId: null,
    typebotStatus: false,
    fromMe: false,
    sendInactiveMessage: false,
    imported: null,
    queueSchedules: null,
    queuePromptId: null,
  } as unknown as LockedTicket;
  if (!quietTurn(ctx, w, connection, contact, ticket, true, probe.campaignWaits)) return null;
  return { w, connection, contact: known, campaignWaits: probe.campaignWaits };
}

const ACTIVE = ACTIVE_TICKET_STATUSES.map((s) => `'${s}'`).join(', ');

/** The batch changed its mind about an opened conversation: everything goes one by one. */
class NotQuiet extends Error {}

/**
 * Opens the batch's new conversations in one statement, as each one's own turn would: the
 * contact when it has none (the upsert's insert), the `pending` ticket with its protocol (the
 * company's calendar date and its id), its `create` log and first tracking cycle, and the
 * message, the ticket carrying its preview, side and unread count. Contacts and tickets go in
 * in number order, so two batches never wait on each other crosswise. A chat another writer
 * opened meanwhile (its contact or its active ticket is there now) is left out, for its own
 * turn. Answers the stored ones, each with its new ticket's place.
 */
async function openConversations(ctx: AppContext, tx: TenantData, opening: Opening[]) {
  const sorted = opening
    .map((o, ord) => ({ o, ord }))
    .sort((a, b) =>
      numberOf(a.o) === numberOf(b.o)
        ? a.o.connection.id - b.o.connection.id
        : numberOf(a.o) < numberOf(b.o)
          ? -1
          : 1,
    );
  const col = <T>(f: (o: Opening) => T) => sorted.map(({ o }) => f(o));
  const text = sorted.map(({ o }) => storedText(o.w.m, null));
  const first = opening[0]!.connection;
  const timeZone = companyTimeZone(ctx, { id: first.companyId, timezone: first.companyTimezone });
  const rows = await tx.prepared<{
    ord: number;
    messageId: number | null;
    ticket: Ticket;
    contact: Contact | null;
  }>(
    'inbound-batch-open',
    `WITH i AS (
       SELECT * FROM unnest($2::int[], $3::int[], $4::text[], $5::text[], $6::text[], $7::int[],
                            $8::text[], $9::text[], $10::text[], $11::text[], $12::text[],
                            $13::text[], $14::bool[], $15::text[], $16::text[],
                            $17::timestamptz[], $18::text[], $19::bool[])
         AS i(ord, "contactId", name, number, channel, "whatsappId", pic, "ticketChannel", wid,
              body, "mediaType", "quotedWid", "isForwarded", "remoteJid", "dataJson",
              "createdAt", preview, unread)),
     nc AS (
       INSERT INTO contacts ("companyId", name, number, channel, lid, "whatsappId", "isGroup",
                             "profilePicUrl")
       SELECT $1, i.name, i.number, i.channel, NULL, i."whatsappId", false, i.pic
         FROM i WHERE i."contactId" IS NULL ORDER BY i.ord
       ON CONFLICT ("companyId", number, channel) DO NOTHING
       RETURNING ${CONTACT_COLUMNS}),
     n AS (
       SELECT i.*, COALESCE(i."contactId", nc.id) AS cid,
              nextval(pg_get_serial_sequence('tickets', 'id'))::int AS tid
         FROM i LEFT JOIN nc ON nc.number = i.number AND nc.channel = i.channel
        WHERE i."contactId" IS NOT NULL OR nc.id IS NOT NULL),
     nt AS (
       INSERT INTO tickets (id, "companyId", status, channel, "contactId", "userId", "queueId",
                            "whatsappId", "isGroup", "isTransfered", protocol, "lastMessage",
                            "fromMe", "unreadMessages")
       SELECT n.tid, $1, 'pending', n."ticketChannel", n.cid, NULL, NULL, n."whatsappId", false,
              false, to_char(now() AT TIME ZONE $20, 'YYYYMMDD') || lpad(n.tid::text, 6, '0'),
              n.preview, false, CASE WHEN n.unread THEN 1 ELSE 0 END
         FROM n ORDER BY n.number, n."whatsappId"
       ON CONFLICT ("contactId", "whatsappId") WHERE status IN (${ACTIVE}) DO NOTHING
       RETURNING ${TICKET_COLUMNS}),
     logged AS (
       INSERT INTO logs_tickets ("companyId", "ticketId", "userId", "queueId", type)
       SELECT "companyId", id, "userId", "queueId", 'create' FROM nt),
     tracked AS (
       INSERT INTO ticket_traking ("companyId", "ticketId", "whatsappId", "userId", "queueId",
                                   "queuedAt", "startedAt")
       SELECT "companyId", id, "whatsappId", "userId", "queueId", clock_timestamp(),
              CASE WHEN status = 'open' THEN clock_timestamp() END FROM nt),
     ins AS (
       INSERT INTO messages ("companyId", wid, body, "fromMe", read, ack, "mediaType", "mediaUrl",
                             "quotedMsgId", "isForwarded", participant, "remoteJid", "dataJson",
                             "ticketId", "contactId", "queueId", "whatsappId", "createdAt")
       SELECT $1, n.wid, n.body, false, false, 0, n."mediaType", NULL,
              (SELECT q.id FROM messages q
                WHERE q."whatsappId" = n."whatsappId" AND q.wid = n."quotedWid" AND q."companyId" = $1),
              n."isForwarded", NULL, n."remoteJid", n."dataJson"::jsonb, nt.id, nt."contactId",
              nt."queueId", n."whatsappId", COALESCE(n."createdAt", now())
         FROM nt JOIN n ON n.tid = nt.id ORDER BY n.ord
       ON CONFLICT ("whatsappId", wid) DO NOTHING
       RETURNING id, "ticketId")
     SELECT n.ord, ins.id AS "messageId", to_jsonb(nt.*) AS ticket, to_jsonb(nc.*) AS contact
       FROM n JOIN nt ON nt.id = n.tid
       LEFT JOIN ins ON ins."ticketId" = nt.id
       LEFT JOIN nc ON nc.id = n.cid`,
    [
      tx.companyId,
      sorted.map((_, i) => i),
      col((o) => o.contact?.id ?? null),
      col((o) => (o.w.m.contact.name ?? '').trim() || numberOf(o)),
      col((o) => numberOf(o)),
      col((o) => contactChannelOf(o.connection.channel)),
      col((o) => o.connection.id),
      col((o) => o.w.m.contact.profilePicUrl ?? null),
      col((o) => o.connection.channel),
      col((o) => o.w.m.wid),
      text.map((t) => t.body),
      col((o) => o.w.m.kind),
      col((o) => o.w.m.quotedWid ?? null),
      col((o) => o.w.m.isForwarded),
      col((o) => remoteJidOf(o.connection.channel, o.w.m)),
      col((o) => (o.w.m.raw === undefined ? null : JSON.stringify(o.w.m.raw))),
      col((o) => (o.w.m.timestamp ? new Date(o.w.m.timestamp * 1000) : null)),
      text.map((t) => t.preview),
      text.map((t) => t.unread),
      timeZone,
    ],
  );
  return rows.map((r) => {
    const { o } = sorted[r.ord]!;
    // Stored already (a redelivery whose contact is gone): its own turn rolls the contact
    // and ticket back; here the whole batch is undone and goes one by one.
    if (!r.messageId) throw new NotQuiet('an opened conversation stored nothing');
    const contact = r.contact ?? o.contact!;
    const ticket = { ...r.ticket, queueSchedules: null, queuePromptId: null } as LockedTicket;
    // The rows as written: no step acts on them either (else one by one, as above).
    if (!quietTurn(ctx, o.w, o.connection, contact, ticket, true, o.campaignWaits))
      throw new NotQuiet('an opened conversation has a step to run');
    return { w: o.w, id: r.messageId, ticketId: r.ticket.id, created: true };
  });
}

const numberOf = (o: Opening) => (o.w.m.contact.number ?? o.w.m.contact.platformId)!;

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
