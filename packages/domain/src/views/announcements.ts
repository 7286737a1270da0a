import { z } from 'zod';
import { nullableDate } from './common.js';

/**
 * A platform announcement; mediaUrl is the public path of its image (announcements reach every
 * company's users, so their images are not a company's private files).
 */
export const announcementView = z.object({
  id: z.number(),
  title: z.string(),
  text: z.string(),
  status: z.boolean(),
  priority: z.number(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  companyId: z.number(),
  createdAt: nullableDate,
  updatedAt: nullableDate,
});
export type AnnouncementView = z.output<typeof announcementView>;
