import { AppError, type userView } from '@atendo/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';

/**
 * Users' views (queues, default connection, company with its settings) from one lean query.
 * The ORM's relation hydration joined queues × settings into a cartesian product and spent
 * most of `GET /auth/me` building entities; this is the hot path every console load takes.
 * The company part is built once per query, not once per user.
 */
const USER_COLUMNS = `
       u.id, u."companyId", u.name, u.email, u.profile, u.super, u."startWork", u."endWork",
       u."farewellMessage", u."whatsappId", u."allTicket", u."allowGroup", u."defaultTheme",
       u."defaultMenu", u."allHistoric", u."allUserChat", u."userClosePendingTicket",
       u."showDashboard", u."allowRealTime", u."allowConnections", u."profileImage",
       u."defaultTicketsManagerWidth", u.online, u.color, u."createdAt", u."updatedAt",
       (SELECT json_build_object('id', w.id, 'name', w.name)
          FROM whatsapps w WHERE w.id = u."whatsappId") AS whatsapp,
       COALESCE((SELECT json_agg(json_build_object('id', q.id, 'name', q.name, 'color', q.color)
                                 ORDER BY q.id)
                   FROM user_queues uq JOIN queues q ON q.id = uq."queueId"
                  WHERE uq."userId" = u.id), '[]') AS queues`;

const COMPANY = `
  company AS (
    SELECT json_build_object(
             'id', c.id, 'name', c.name, 'dueDate', c."dueDate", 'status', c.status,
             'timezone', c.timezone,
             'companieSettings', COALESCE((SELECT json_agg(json_build_object('key', s.key, 'value', s.value)
                                                           ORDER BY s.key COLLATE "C")
                                             FROM settings s WHERE s."companyId" = c.id), '[]')
           ) AS company
      FROM companies c WHERE c.id = $1)`;

/**
 * The views of the users of company $1 that `where` keeps (more parameters from $2), followed
 * by `rest` (order, limit).
 */
export function userViewsSql(where: string, rest = ''): string {
  return `WITH ${COMPANY}
SELECT ${USER_COLUMNS}, company.company
  FROM users u CROSS JOIN company
 WHERE u."companyId" = $1 AND (${where}) ${rest}`;
}

const USER_VIEW_SQL = userViewsSql('u.id = $2');

/** The view of user `userId` of `companyId`; ERR_NO_USER_FOUND when there is none. */
export async function loadUserView(
  ctx: AppContext,
  o: { companyId: number; userId: number },
): Promise<z.input<typeof userView>> {
  const [row] = await tenantData(ctx.ds, o.companyId).prepared('user-view', USER_VIEW_SQL, [
    o.companyId,
    o.userId,
  ]);
  if (!row || row.companyId !== o.companyId) throw new AppError('ERR_NO_USER_FOUND');
  // The route sends it through the userView response schema, which shapes and checks it.
  return row as z.input<typeof userView>;
}
