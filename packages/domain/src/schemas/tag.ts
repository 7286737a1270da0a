import { z } from 'zod';
import {
  MSG_REQUIRED_PT,
  MSG_TAG_MESSAGE_TOO_SHORT_PT,
  MSG_TAG_TOO_SHORT_PT,
  MSG_TOO_LONG,
} from './validation-messages.js';
import { hexColor, idParam, pageQuery } from './common.js';

/** 0 for ordinary tags, 1 for kanban lanes; the lineage's clients also send booleans. */
export const tagKanbanFlag = z
  .union([z.literal(0), z.literal(1), z.boolean(), z.enum(['0', '1'])])
  .transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0));

/** A tag's name (docs/product/kanban-and-tags.md): required, at least 3 characters. */
export const tagName = z
  .string({ error: MSG_REQUIRED_PT })
  .trim()
  .min(1, { message: MSG_REQUIRED_PT, abort: true })
  .min(3, MSG_TAG_MESSAGE_TOO_SHORT_PT)
  .max(100, MSG_TOO_LONG);

export const createTagSchema = z.object({
  name: tagName,
  /** A random colour is given when none is sent (docs/product/kanban-and-tags.md). */
  color: hexColor.nullable().optional(),
  kanban: tagKanbanFlag.optional(),
});
export type CreateTagInput = z.infer<typeof createTagSchema>;

export const updateTagSchema = z.object({
  name: tagName.optional(),
  color: hexColor.nullable().optional(),
  kanban: tagKanbanFlag.optional(),
});
export type UpdateTagInput = z.infer<typeof updateTagSchema>;

/** The query's kanban: absent means ordinary tags. */
const kanbanQuery = z.coerce.number().int().min(0).max(1).optional().default(0);

/** `GET /tags`: a page of tags (or lanes), searched by name. */
export const tagPageQuery = pageQuery.extend({ kanban: kanbanQuery });

/** `GET /tags/list`: every tag (or lane) of the company; companyId is the caller's. */
export const tagListQuery = z.object({ kanban: kanbanQuery });

/** One tag of `POST /tags/sync`: an existing tag by id, or a typed new one by name. */
export const syncTagItem = z
  .object({
    id: idParam.optional(),
    name: z.string().trim().max(100, MSG_TOO_LONG).optional(),
  })
  .refine((t) => t.id !== undefined || (t.name !== undefined && t.name.length > 0), {
    message: MSG_REQUIRED_PT,
    path: ['name'],
  })
  .refine((t) => t.id !== undefined || (t.name ?? '').length >= 3, {
    message: MSG_TAG_TOO_SHORT_PT,
    path: ['name'],
  });

/** `POST /tags/sync`: the contact's whole tag list (ordinary tags) after the change. */
export const syncTagsSchema = z.object({
  contactId: idParam,
  tags: z.array(syncTagItem).max(100),
});
export type SyncTagsInput = z.infer<typeof syncTagsSchema>;

export const tagContactParams = z.object({ tagId: idParam, contactId: idParam });
export const ticketTagParams = z.object({ ticketId: idParam, tagId: idParam });
export const ticketTagsParams = z.object({ ticketId: idParam });
export const contactTagsParams = z.object({ contactId: idParam });
