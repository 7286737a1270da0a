import { AppError, renderVariables, type TicketView } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import {
  TicketEntity,
  WhatsappEntity,
  type Ticket,
  ACTIVE_TICKET_STATUSES,
} from '../../db/entities/index.js';
import { tenantData, type TenantData } from '../../db/tenant-data.js';
import type { TicketPlace } from './events.js';
import type { Principal } from '../../access/principal.js';
import { loadCompanyTimeZone } from '../companies/company-time-zone.js';
import type { OutboundSend } from '../../channels/channel-adapter.js';
import {
  publishStoredMessages,
  storeOutboundMessage,
  type OutboundMessage,
} from '../messages/post-message.js';
import { loadTicketView } from './ticket-views.js';
import { assertCanSee, loadViewer, type Viewer } from './viewer.js';

/** What a transition did, for what happens after its transaction commits. */
/**
 * What a person taking a ticket (accepting it, transferring it) clears: the AI prompt and the
 * chatbot integration stop answering it for good (issue 25), and the Typebot session is
 * forgotten. `integrationId` stays: the connection's integration never takes it again.
 */
export const BOTS_OFF = {
  useIntegration: false,
  promptId: null,
  typebotSessionId: null,
  typebotStatus: false,
  botState: null,
} as const;

export interface Change {
  /** The ticket the caller gets back (another one in the held-by-someone case). */
  ticketId: number;
  /** Tickets whose place changed, with where they were before. */
  moved: { ticketId: number; before?: TicketPlace; created?: boolean }[];
  stored: { messageId: number; ticketId: number; send: OutboundSend | null }[];
}

export interface Step {
  tx: TenantData;
  ticket: Ticket;
  viewer: Viewer;
  change: Change;
  /** Stores our message on a ticket (sent after commit). */
  say(ticket: Ticket, m: OutboundMessage): Promise<void>;
}

export const placeOf = (t: Pick<Ticket, 'status' | 'queueId' | 'userId'>): TicketPlace => ({
  status: t.status,
  queueId: t.queueId,
  userId: t.userId,
});

/**
 * Runs one ticket transition: one transaction holding the ticket's row lock (two agents
 * accepting at once queue up instead of both winning), the visibility rule of docs/product/tickets.md#who-sees-which-tickets,
 * then, after commit, the live updates and the channel sends of what it stored.
 */
export async function changeTicket(
  ctx: AppContext,
  o: { auth: Principal; ticketId: number },
  fn: (step: Step) => Promise<void>,
): Promise<TicketView> {
  const db = tenantData(ctx.ds, o.auth.companyId);
  const change: Change = { ticketId: o.ticketId, moved: [], stored: [] };
  const viewer = await loadViewer(db, o.auth);
  await db.transaction(async (tx) => {
    const ticket = await tx.of(TicketEntity).findOne({
      where: { id: o.ticketId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
    assertCanSee(viewer, ticket);
    const say = async (t: Ticket, m: OutboundMessage) => {
      const s = await storeOutboundMessage(tx, t, m);
      change.stored.push({ ...s, ticketId: t.id });
    };
    await fn({ tx, ticket, viewer, change, say });
  });
  await afterChange(ctx, o.auth.companyId, change);
  return loadTicketView(db, change.ticketId);
}

/** The live updates and sends of a committed change. */
export async function afterChange(
  ctx: AppContext,
  companyId: number,
  change: Change,
): Promise<void> {
  for (const m of change.moved)
    ctx.events.publish(m.created ? 'ticket.created' : 'ticket.updated', {
      companyId,
      ticketId: m.ticketId,
      before: m.before,
    });
  await publishStoredMessages(ctx, companyId, change.stored);
}

/**
 * ERR_OTHER_OPEN_TICKET naming the holder of the contact's active ticket on that connection
 * (docs/product/errors.md#error-catalogue: userId, user name, queue name and uuid), or null when there is none.
 */
export async function otherOpenTicket(
  db: TenantData,
  o: { contactId: number; whatsappId: number | null; exceptId?: number },
): Promise<AppError | null> {
  const [row] = await db.query<{
    id: number;
    uuid: string;
    status: string;
    userId: number | null;
    userName: string | null;
    queueId: number | null;
    queueName: string | null;
  }>(
    `SELECT t.id, t.uuid, t.status, t."userId", u.name AS "userName", t."queueId", q.name AS "queueName"
       FROM tickets t LEFT JOIN users u ON u.id = t."userId" LEFT JOIN queues q ON q.id = t."queueId"
      WHERE t."companyId" = $1 AND t."contactId" = $2 AND t."whatsappId" IS NOT DISTINCT FROM $3
        AND t.status = ANY($4::text[]) AND t.id <> $5
      ORDER BY t.id DESC LIMIT 1`,
    [db.companyId, o.contactId, o.whatsappId, [...ACTIVE_TICKET_STATUSES], o.exceptId ?? 0],
  );
  if (!row) return null;
  return new AppError('ERR_OTHER_OPEN_TICKET', {
    data: {
      id: row.id,
      uuid: row.uuid,
      status: row.status,
      userId: row.userId,
      user: row.userId ? { id: row.userId, name: row.userName } : null,
      queueId: row.queueId,
      queue: row.queueId ? { id: row.queueId, name: row.queueName } : null,
    },
  });
}

/** Renders a text with the ticket's variables (contact, user, queue, connection, protocol). */
export async function renderForTicket(
  ctx: AppContext,
  db: TenantData,
  ticket: Ticket,
  text: string,
  user?: { name: string } | null,
): Promise<string> {
  // One statement for the three rows (this runs inside transactions too, where concurrent
  // queries would queue on the one connection).
  const [parts] = await db.prepared<{
    contact: { id: number; name: string; number: string | null; email: string | null } | null;
    queue: { id: number; name: string } | null;
    connection: { id: number; name: string } | null;
  }>(
    'render-parts',
    `SELECT (SELECT json_build_object('id', c.id, 'name', c.name, 'number', c.number, 'email', c.email)
               FROM contacts c WHERE c."companyId" = $1 AND c.id = $2) AS contact,
            (SELECT json_build_object('id', q.id, 'name', q.name)
               FROM queues q WHERE q."companyId" = $1 AND q.id = $3) AS queue,
            (SELECT json_build_object('id', w.id, 'name', w.name)
               FROM whatsapps w WHERE w."companyId" = $1 AND w.id = $4) AS connection`,
    [db.companyId, ticket.contactId, ticket.queueId ?? 0, ticket.whatsappId ?? 0],
  );
  const { contact, queue, connection } = parts!;
  return renderVariables(text, {
    contact,
    user: user ?? null,
    ticket,
    queue,
    connection,
    timeZone: await loadCompanyTimeZone(ctx, db.companyId),
  });
}

/** The connection of a ticket with what the transitions read of it. */
export async function connectionOf(db: TenantData, ticket: Pick<Ticket, 'whatsappId'>) {
  if (!ticket.whatsappId) return null;
  return db.of(WhatsappEntity).findOne({
    where: { id: ticket.whatsappId },
    select: {
      id: true,
      name: true,
      status: true,
      channel: true,
      groupAsTicket: true,
      complationMessage: true,
      ratingMessage: true,
      greetingMessage: true,
    },
  });
}
