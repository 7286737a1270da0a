import { z } from 'zod';
import { contactNumberField } from '../contacts/mask.js';
import { nullableDate } from './common.js';

/** A tag (kanban 0) or a kanban lane (kanban 1). */
export const tagView = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string().nullable(),
  kanban: z.number(),
  userId: z.number().nullable().optional(),
  createdAt: nullableDate,
  updatedAt: nullableDate,
});
export type TagView = z.output<typeof tagView>;

/** A row of the tags page: the tag with how many contacts and tickets carry it. */
export const tagRowView = tagView.extend({
  contactsCount: z.number(),
  ticketsCount: z.number(),
});
export type TagRowView = z.output<typeof tagRowView>;

/** A contact of a tag's contacts dialog. */
export const tagContactView = z.object({
  id: z.number(),
  name: z.string(),
  number: contactNumberField(z.string().nullable()),
});
export type TagContactView = z.output<typeof tagContactView>;

/**
 * `GET /contactTags/:contactId`: `tags` says whether the contact has any (what the lineage's
 * close-with-required-tag check reads), `contactTags` lists them.
 */
export const contactTagsView = z.object({
  tags: z.boolean(),
  contactTags: z.array(tagView),
});

/** `POST /tags/sync`: the contact's tags after the change. */
export const syncedTagsView = z.object({
  contactId: z.number(),
  tags: z.array(tagView),
});

/** `PUT /ticket-tags/:ticketId/:tagId`: the link made. */
export const ticketTagView = z.object({
  ticketId: z.number(),
  tagId: z.number(),
  tag: tagView,
});

/** `GET /tag/kanban`: the company's lanes by id (the board's columns after 'Em aberto'). */
export const kanbanLanesView = z.object({ lista: z.array(tagView) });

/**
 * A ticket card of the kanban board (docs/product/kanban-and-tags.md "Kanban ticket"): its contact with extra info
 * (the entry named valor holds the opportunity amount), last message, attendant and tags.
 */
export const kanbanTicketView = z.object({
  id: z.number(),
  uuid: z.string(),
  status: z.string(),
  queueId: z.number().nullable(),
  userId: z.number().nullable(),
  lastMessage: z.string().nullable(),
  unreadMessages: z.number(),
  createdAt: nullableDate,
  updatedAt: nullableDate,
  contact: z.object({
    id: z.number(),
    name: z.string(),
    urlPicture: z.string().nullable(),
    extraInfo: z.array(z.object({ name: z.string(), value: z.string() })),
  }),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  tags: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      color: z.string().nullable(),
      kanban: z.number(),
    }),
  ),
});
export type KanbanTicketView = z.output<typeof kanbanTicketView>;
