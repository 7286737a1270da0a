import { z } from 'zod';
import { contactNumberField } from '../contacts/mask.js';
import { isoDate, nullableDate } from './common.js';

const ref = z.object({ id: z.number(), name: z.string() });
const tagRef = z.object({ id: z.number(), name: z.string(), color: z.string().nullable() });

/** The contact as a ticket row and the conversation header show it. */
export const ticketContactView = z.object({
  id: z.number(),
  name: z.string(),
  number: contactNumberField(z.string().nullable()),
  email: z.string().nullable().optional(),
  profilePicUrl: z.string().nullable().optional(),
  urlPicture: z.string().nullable().optional(),
  isGroup: z.boolean().optional(),
  channel: z.string().optional(),
  active: z.boolean().optional(),
  disableBot: z.boolean().optional(),
  lgpdAcceptedAt: nullableDate,
  tags: z.array(tagRef).optional(),
});

/** A ticket, as the list, the conversation and the socket events carry it (docs/product/tickets.md#entities). */
export const ticketView = z.object({
  id: z.number(),
  uuid: z.string(),
  status: z.string(),
  channel: z.string(),
  companyId: z.number(),
  contactId: z.number(),
  contact: ticketContactView.nullable(),
  userId: z.number().nullable(),
  user: ref.extend({ color: z.string().nullable().optional() }).nullable(),
  queueId: z.number().nullable(),
  queue: ref.extend({ color: z.string() }).nullable(),
  whatsappId: z.number().nullable(),
  whatsapp: ref
    .extend({
      channel: z.string().optional(),
      status: z.string().optional(),
      groupAsTicket: z.string().optional(),
    })
    .nullable(),
  tags: z.array(tagRef),
  lastMessage: z.string().nullable(),
  unreadMessages: z.number(),
  isGroup: z.boolean(),
  isBot: z.boolean(),
  isTransfered: z.boolean(),
  useIntegration: z.boolean(),
  integrationId: z.number().nullable().optional(),
  promptId: z.number().nullable().optional(),
  lgpdAccepted: z.boolean(),
  chatbot: z.boolean().optional(),
  protocol: z.string().optional(),
  /** The rating (0–10) given by the contact, when rated. */
  userRating: z.number().nullable().optional(),
  fromMe: z.boolean().optional(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type TicketView = z.output<typeof ticketView>;

/** One entry of GET /tickets-log/:ticketId. */
export const ticketLogView = z.object({
  id: z.number(),
  type: z.string(),
  ticketId: z.number(),
  userId: z.number().nullable(),
  queueId: z.number().nullable(),
  user: ref.nullable(),
  queue: ref.extend({ color: z.string() }).nullable(),
  createdAt: isoDate,
});
