import { AppError, type AnnouncementView } from '@atendo/domain';
import type { PlatformData } from '../../db/platform-data.js';

/** Where announcement images are served from: `/public/announcements/<stored name>`. */
export const ANNOUNCEMENT_MEDIA_URL = '/public/announcements/';

/** The columns of an announcement's view over `announcements a` (lean: no relation hydrated). */
export const ANNOUNCEMENT_COLUMNS = `a.id, a.title, a.text, a.status, a.priority, a."mediaPath",
  a."mediaName", a."companyId", a."createdAt", a."updatedAt",
  CASE WHEN a."mediaPath" IS NULL THEN NULL
       ELSE '${ANNOUNCEMENT_MEDIA_URL}' || a."mediaPath" END AS "mediaUrl"`;

/** One announcement, or ERR_NOT_FOUND. */
export async function loadAnnouncement(db: PlatformData, id: number): Promise<AnnouncementView> {
  const [row] = await db.query<AnnouncementView>(
    `SELECT ${ANNOUNCEMENT_COLUMNS} FROM announcements a WHERE a.id = $1`,
    [id],
  );
  if (!row) throw new AppError('ERR_NOT_FOUND');
  return row;
}

/** A search term for ILIKE, its wildcards taken literally. */
export const likeTerm = (searchParam: string) => searchParam.trim().replace(/[%_\\]/g, '\\$&');
