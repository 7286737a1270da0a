import { z } from 'zod';
import {
  MSG_INVALID_PRIORITY,
  MSG_INVALID_STATUS,
  MSG_REQUIRED_PT,
  MSG_TOO_LONG,
} from './validation-messages.js';
import { pageQuery } from './common.js';

/** Announcement priority: 1 high, 2 medium, 3 low (docs/product/internal-chat-and-announcements.md; default 3, docs/product/internal-chat-and-announcements.md). */
export const ANNOUNCEMENT_PRIORITIES = [1, 2, 3] as const;
export const DEFAULT_ANNOUNCEMENT_PRIORITY = 3;

/** The image kinds an announcement may carry (docs/product/internal-chat-and-announcements.md), checked by content. */
export const ANNOUNCEMENT_MEDIA_KINDS = ['png', 'jpg'] as const;
/** The largest announcement image the api accepts. */
export const ANNOUNCEMENT_MEDIA_MAX_BYTES = 5 * 1024 * 1024;

const required = (max: number) =>
  z
    .string({ error: MSG_REQUIRED_PT })
    .trim()
    .min(1, { message: MSG_REQUIRED_PT, abort: true })
    .max(max, MSG_TOO_LONG);

/** Title and text are required (docs/product/internal-chat-and-announcements.md). */
export const announcementTitle = required(200);
export const announcementText = required(20_000);

/** Priority 1–3; forms and query strings may send it as text. */
export const announcementPriority = z.coerce
  .number({ error: MSG_INVALID_PRIORITY })
  .int(MSG_INVALID_PRIORITY)
  .min(1, MSG_INVALID_PRIORITY)
  .max(3, MSG_INVALID_PRIORITY);

/** `status` as the lineage sends it: a boolean, or the texts 'true'/'false'. */
export const announcementStatus = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v),
  z.boolean({ error: MSG_INVALID_STATUS }),
);

export const createAnnouncementSchema = z.object({
  title: announcementTitle,
  text: announcementText,
  status: announcementStatus.optional(),
  priority: announcementPriority.optional(),
});
export type CreateAnnouncementInput = z.infer<typeof createAnnouncementSchema>;

export const updateAnnouncementSchema = z.object({
  title: announcementTitle.optional(),
  text: announcementText.optional(),
  status: announcementStatus.optional(),
  priority: announcementPriority.optional(),
});
export type UpdateAnnouncementInput = z.infer<typeof updateAnnouncementSchema>;

/** `GET /announcements/` and `/announcements/for-company`: searched by title or text, paged. */
export const announcementPageQuery = pageQuery;
