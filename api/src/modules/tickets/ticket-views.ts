import { AppError, type TicketView } from '@atendo/domain';
import type { TenantData } from '../../db/tenant-data.js';

/**
 * A ticket's view columns as one row per ticket, in explicit SQL: contact, queue, user,
 * connection and tags as JSON built by PostgreSQL, so no relation is hydrated by the ORM.
 * Used by the list (the hot path), by every transition's answer and by socket pushes.
 */
export const TICKET_VIEW_COLUMNS = `
  t.id, t.uuid, t.status, t.channel, t."companyId", t."contactId", t."userId", t."queueId",
  t."whatsappId", t."lastMessage", t."unreadMessages", t."isGroup", t."isBot", t."isTransfered",
  t."useIntegration", t."integrationId", t."promptId", t."lgpdAccepted", t.chatbot, t.protocol,
  t."fromMe", t."createdAt", t."updatedAt",
  json_build_object('id', c.id, 'name', c.name, 'number', c.number, 'email', c.email,
                    'profilePicUrl', c."profilePicUrl", 'urlPicture', c."urlPicture",
                    'isGroup', c."isGroup", 'channel', c.channel, 'active', c.active,
                    'disableBot', c."disableBot", 'lgpdAcceptedAt', c."lgpdAcceptedAt") AS contact,
  CASE WHEN q.id IS NULL THEN NULL
       ELSE json_build_object('id', q.id, 'name', q.name, 'color', q.color) END AS queue,
  CASE WHEN u.id IS NULL THEN NULL
       ELSE json_build_object('id', u.id, 'name', u.name, 'color', u.color) END AS "user",
  CASE WHEN w.id IS NULL THEN NULL
       ELSE json_build_object('id', w.id, 'name', w.name, 'channel', w.channel,
                              'status', w.status, 'groupAsTicket', w."groupAsTicket") END AS whatsapp,
  COALESCE((SELECT json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color)
                            ORDER BY g.id)
              FROM ticket_tags tt JOIN tags g ON g.id = tt."tagId"
             WHERE tt."ticketId" = t.id), '[]') AS tags`;

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
