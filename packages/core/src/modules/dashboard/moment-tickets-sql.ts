/**
 * The columns of a live-panel ticket (momentTicketView), built by PostgreSQL: the ticket's own
 * columns and its contact, user, queue and connection as small objects, no entity hydration.
 * `$canOpenAll` and `$me` are the placeholders of "admin" and the caller's id.
 */
export function momentColumns(canOpenAll: string, me: string): string {
  return `t.id, t.uuid, t.status, t.channel, t."lastMessage", t."unreadMessages", t."isGroup",
    t."isBot", t."userId", t."queueId", t."whatsappId", t."contactId", t."createdAt", t."updatedAt",
    (${canOpenAll}::boolean OR t."userId" IS NOT DISTINCT FROM ${me}::int) AS "canOpen",
    json_build_object('id', c.id, 'name', coalesce(c.name, ''), 'urlPicture', c."urlPicture") AS contact,
    CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object(
      'id', u.id, 'name', u.name, 'online', u.online, 'profileImage', u."profileImage") END AS "user",
    CASE WHEN q.id IS NULL THEN NULL ELSE json_build_object(
      'id', q.id, 'name', q.name, 'color', q.color) END AS queue,
    CASE WHEN w.id IS NULL THEN NULL ELSE json_build_object('id', w.id, 'name', w.name) END AS whatsapp`;
}

export const MOMENT_JOINS = `
  JOIN contacts c ON c.id = t."contactId"
  LEFT JOIN users u ON u.id = t."userId"
  LEFT JOIN queues q ON q.id = t."queueId"
  LEFT JOIN whatsapps w ON w.id = t."whatsappId"`;

/** The most tickets one panel call returns (newest activity first). */
export const MOMENTS_LIMIT = 1000;
