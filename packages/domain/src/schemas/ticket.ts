import { z } from 'zod';
import { MSG_INVALID_DATE } from './validation-messages.js';
import { idParam } from './common.js';

/** Every status a ticket can hold (docs/product/tickets.md#entities). */
export const TICKET_STATUSES = ['pending', 'open', 'closed', 'group', 'lgpd', 'nps'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** The list tabs the console asks for (`status`), plus `search`. */
export const TICKET_TABS = ['open', 'pending', 'closed', 'group', 'search'] as const;

/**
 * A list of ids in a query string. The lineage's consoles send `JSON.stringify([1,2])`; other
 * clients send `1,2` or repeated parameters. All three are read; anything else is refused.
 */
export const idList = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return undefined;
  if (Array.isArray(v)) return v.flatMap((x) => String(x).split(',')).filter((x) => x !== '');
  const text = String(v).trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      return Array.isArray(parsed) ? parsed : v;
    } catch {
      return v;
    }
  }
  return text.split(',').filter((x) => x !== '');
}, z.array(idParam).max(500).optional());

/** "true"/"false" in a query string. */
export const queryBool = z.preprocess(
  (v) => (v === 'true' || v === true ? true : v === 'false' || v === false || v === '' ? false : v),
  z.boolean().optional(),
);

const statusList = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return undefined;
    if (Array.isArray(v)) return v;
    const text = String(v).trim();
    if (text.startsWith('[')) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return v;
      }
    }
    return text.split(',');
  },
  z.array(z.enum(TICKET_STATUSES)).max(10).optional(),
);

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}/, MSG_INVALID_DATE)
  .optional();

/** GET /tickets (docs/product/tickets.md#routes). */
export const ticketListQuery = z.object({
  searchParam: z.string().max(200).optional().default(''),
  pageNumber: z.coerce.number().int().min(1).max(100000).optional().default(1),
  status: z.enum([...TICKET_STATUSES, 'search']).optional(),
  showAll: queryBool,
  withUnreadMessages: queryBool,
  searchOnMessages: queryBool,
  queueIds: idList,
  tags: idList,
  users: idList,
  whatsappIds: idList,
  statusFilter: statusList,
  userFilter: idList,
  /** Tickets created on that day (company time zone). */
  date: isoDay,
  /** Tickets updated on that day (company time zone). */
  updatedAt: isoDay,
  dateStart: isoDay,
  dateEnd: isoDay,
  sortTickets: z.enum(['ASC', 'DESC']).optional().default('DESC'),
  /** Sent by the console; the caller is always the token's user. */
  userId: z.string().max(20).optional(),
  isGroup: queryBool,
});
export type TicketListQuery = z.output<typeof ticketListQuery>;

/** POST /tickets. */
export const createTicketSchema = z.object({
  contactId: z.number().int().positive(),
  queueId: z.number().int().positive().nullable().optional(),
  whatsappId: z.number().int().positive().nullable().optional(),
  userId: z.number().int().positive().nullable().optional(),
  status: z.enum(['open', 'pending']).optional(),
  /** Sent by the console; ignored (the token decides the company). */
  companyId: z.number().int().optional(),
});

/** PUT /tickets/:id: one transition, decided by the fields present (docs/product/tickets.md#status-transitions). */
export const updateTicketSchema = z.object({
  status: z.enum(['open', 'pending', 'closed']).optional(),
  userId: z.number().int().positive().nullable().optional(),
  queueId: z.number().int().positive().nullable().optional(),
  whatsappId: z
    .union([z.number().int().positive(), z.string().regex(/^\d{1,9}$/)])
    .nullable()
    .optional(),
  sendFarewellMessage: z.boolean().optional(),
  amountUsedBotQueues: z.number().int().min(0).max(1000).optional(),
  useIntegration: z.boolean().optional(),
  integrationId: z.number().int().positive().nullable().optional(),
  promptId: z.number().int().positive().nullable().optional(),
  msgTransfer: z.string().max(5000).nullable().optional(),
  isTransfered: z.boolean().optional(),
  isBot: z.boolean().optional(),
  chatbot: z.boolean().optional(),
});
export type UpdateTicketInput = z.output<typeof updateTicketSchema>;

/** POST /tickets/closeAll. */
export const closeAllTicketsSchema = z.object({
  status: z.enum(['open', 'pending', 'group']),
  selectedQueueIds: z.array(z.number().int().positive()).max(500).optional().default([]),
});

/** POST /tickets/lgpd-response. */
export const lgpdResponseSchema = z.object({
  ticketId: z.union([z.number().int().positive(), z.string().uuid()]),
  accepted: z.boolean(),
});

/** `:ticketId` as an id or the ticket's uuid (the console's URLs carry the uuid). */
export const ticketRefParams = z.object({
  ticketId: z.union([idParam, z.string().uuid()]),
});

export const ticketIdParams = z.object({ ticketId: idParam });
