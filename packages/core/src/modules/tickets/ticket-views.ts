import { AppError, type TicketView } from '@atendo/domain';
import type { TenantData } from '../../db/tenant-data.js';

/** A ticket's own columns and its contact: the view less its queue, user, connection, tags. */
export const TICKET_CARD_COLUMNS = `
  t.id, t.uuid, t.status, t.channel, t."companyId", t."contactId", t."userId", t."queueId",
  t."whatsappId", t."lastMessage", t."unreadMessages", t."isGroup", t."isBot", t."isTransfered",
  t."useIntegration", t."integrationId", t."promptId", t."lgpdAccepted", t.chatbot, t.protocol,
  t."fromMe", t."createdAt", t."updatedAt",
  json_build_object('id', c.id, 'name', c.name, 'number', c.number, 'email', c.email,
                    'profilePicUrl', c."profilePicUrl", 'urlPicture', c."urlPicture",
                    'isGroup', c."isGroup", 'channel', c.channel, 'active', c.active,
                    'disableBot', c."disableBot", 'lgpdAcceptedAt', c."lgpdAcceptedAt") AS contact`;

/** The view's queue (`q`), user (`u`) and connection (`w`) objects. */
export const QUEUE_PART = `json_build_object('id', q.id, 'name', q.name, 'color', q.color)`;
export const USER_PART = `json_build_object('id', u.id, 'name', u.name, 'color', u.color)`;
export const WHATSAPP_PART = `json_build_object('id', w.id, 'name', w.name, 'channel', w.channel,
                              'status', w.status, 'groupAsTicket', w."groupAsTicket")`;

/** The ticket's tags (`t`) as a JSON array, null when it has none. */
export const TAGS_PART = `CASE WHEN EXISTS (SELECT 1 FROM ticket_tags tt WHERE tt."ticketId" = t.id)
  THEN (SELECT json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color) ORDER BY g.id)
          FROM ticket_tags tt JOIN tags g ON g.id = tt."tagId"
         WHERE tt."ticketId" = t.id) END`;

/**
 * A ticket's view columns as one row per ticket, in explicit SQL: contact, queue, user,
 * connection and tags as JSON built by PostgreSQL, so no relation is hydrated by the ORM.
 * Used by every transition's answer and by socket pushes; the list assembles the same view
 * from TICKET_CARD_COLUMNS and the parts (ticket-cards.ts).
 */
export const TICKET_VIEW_COLUMNS = `${TICKET_CARD_COLUMNS},
  CASE WHEN q.id IS NULL THEN NULL ELSE ${QUEUE_PART} END AS queue,
  CASE WHEN u.id IS NULL THEN NULL ELSE ${USER_PART} END AS "user",
  CASE WHEN w.id IS NULL THEN NULL ELSE ${WHATSAPP_PART} END AS whatsapp,
  COALESCE(${TAGS_PART}, '[]') AS tags`;

/** The joins TICKET_VIEW_COLUMNS reads (`t` is the tickets row). */
export const TICKET_VIEW_JOINS = `
  JOIN contacts c ON c.id = t."contactId"
  LEFT JOIN queues q ON q.id = t."queueId"
  LEFT JOIN users u ON u.id = t."userId"
  LEFT JOIN whatsapps w ON w.id = t."whatsappId"`;

const BY_IDS = `SELECT ${TICKET_VIEW_COLUMNS} FROM tickets t ${TICKET_VIEW_JOINS}
  WHERE t."companyId" = $1 AND t.id = ANY($2::int[])`;

/** Views of tickets `ids` of the company (in no particular order). */
export async function loadTicketViews(db: TenantData, ids: number[]): Promise<TicketView[]> {
  if (ids.length === 0) return [];
  return db.query<TicketView>(BY_IDS, [db.companyId, ids]);
}

/** The view of one ticket; ERR_NO_TICKET_FOUND when the company has none with that id. */
export async function loadTicketView(db: TenantData, id: number): Promise<TicketView> {
  const [view] = await loadTicketViews(db, [id]);
  if (!view) throw new AppError('ERR_NO_TICKET_FOUND');
  return view;
}
