import { z } from 'zod';
import { isoDate, nullableDate } from './common.js';

const ref = z.object({ id: z.number(), name: z.string() }).nullable();

/** A scheduled message (docs/product/schedules.md#fields Schedule); mediaUrl is the authenticated path of its file. */
export const scheduleView = z.object({
  id: z.number(),
  body: z.string(),
  sendAt: isoDate,
  sentAt: nullableDate,
  contactId: z.number(),
  whatsappId: z.number().nullable(),
  userId: z.number().nullable(),
  ticketUserId: z.number().nullable(),
  queueId: z.number().nullable(),
  openTicket: z.string(),
  statusTicket: z.string(),
  assinar: z.boolean(),
  intervalo: z.number(),
  valorIntervalo: z.number(),
  enviarQuantasVezes: z.number(),
  tipoDias: z.number(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  /** PENDENTE, AGENDADA, ENVIADA or ERRO. */
  status: z.string(),
  sentCount: z.number(),
  lastError: z.string().nullable(),
  ticketId: z.number().nullable(),
  contact: ref,
  user: ref,
  ticketUser: ref,
  queue: ref,
  whatsapp: ref,
  createdAt: nullableDate,
  updatedAt: nullableDate,
});
export type ScheduleView = z.output<typeof scheduleView>;
