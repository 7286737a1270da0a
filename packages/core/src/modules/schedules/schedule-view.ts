import { AppError, isAdministrator, type ScheduleView } from '@atendo/domain';
import type { TenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';

/** The columns of a schedule's view over `scheduled_messages s` and its named references. */
export const SCHEDULE_COLUMNS = `s.id, s.body, s."sendAt", s."sentAt", s."contactId", s."whatsappId",
  s."userId", s."ticketUserId", s."queueId", s."openTicket", s."statusTicket", s.assinar,
  s.intervalo, s."valorIntervalo", s."enviarQuantasVezes", s."tipoDias", s."mediaPath",
  s."mediaName", s.status, s."sentCount", s."lastError", s."ticketId", s."createdAt", s."updatedAt",
  CASE WHEN s."mediaPath" IS NULL THEN NULL
       ELSE '/private/' || s."companyId" || '/' || s."mediaPath" END AS "mediaUrl",
  json_build_object('id', c.id, 'name', c.name) AS contact,
  CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'name', u.name) END AS "user",
  CASE WHEN tu.id IS NULL THEN NULL ELSE json_build_object('id', tu.id, 'name', tu.name) END AS "ticketUser",
  CASE WHEN q.id IS NULL THEN NULL ELSE json_build_object('id', q.id, 'name', q.name) END AS queue,
  CASE WHEN w.id IS NULL THEN NULL ELSE json_build_object('id', w.id, 'name', w.name) END AS whatsapp`;

/** `scheduled_messages s` with the rows its view names. */
export const SCHEDULE_FROM = `scheduled_messages s
  JOIN contacts c ON c.id = s."contactId"
  LEFT JOIN users u ON u.id = s."userId"
  LEFT JOIN users tu ON tu.id = s."ticketUserId"
  LEFT JOIN queues q ON q.id = s."queueId"
  LEFT JOIN whatsapps w ON w.id = s."whatsappId"`;

/**
 * Who sees a schedule: admins every one of the company, a profile user their own.
 * `$1` is the company, `$2` the user, `$3` whether the user is an admin.
 */
export const VISIBLE = `s."companyId" = $1 AND ($3::boolean OR s."userId" = $2)`;

/** A schedule the caller sees (and so may manage), or ERR_NOT_FOUND. */
export async function loadSchedule(
  db: TenantData,
  auth: Principal,
  id: number,
): Promise<ScheduleView> {
  const [row] = await db.query<ScheduleView>(
    `SELECT ${SCHEDULE_COLUMNS} FROM ${SCHEDULE_FROM} WHERE ${VISIBLE} AND s.id = $4`,
    [db.companyId, auth.userId, isAdministrator(auth), id],
  );
  if (!row) throw new AppError('ERR_NOT_FOUND');
  return row;
}

/** A schedule the caller may still change: visible, and its last send not done. */
export async function loadEditableSchedule(
  db: TenantData,
  auth: Principal,
  id: number,
): Promise<ScheduleView> {
  const row = await loadSchedule(db, auth, id);
  if (row.sentAt) throw new AppError('ERR_SCHEDULE_ALREADY_SENT');
  return row;
}

/** A schedule by id for the process (no caller), or null when it is gone. */
export async function loadScheduleRow(db: TenantData, id: number): Promise<ScheduleView | null> {
  const [row] = await db.query<ScheduleView>(
    `SELECT ${SCHEDULE_COLUMNS} FROM ${SCHEDULE_FROM} WHERE s."companyId" = $1 AND s.id = $2`,
    [db.companyId, id],
  );
  return row ?? null;
}
