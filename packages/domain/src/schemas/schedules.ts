import { z } from 'zod';
import {
  MSG_INTERVAL_REQUIRED,
  MSG_INVALID_DAY_RULE,
  MSG_INVALID_INTERVAL,
  MSG_REQUIRED,
  MSG_TOO_LONG,
} from './validation-messages.js';
import { enabledFlag, idParam, pageQuery } from './common.js';

/** Recurrence units (docs/product/schedules.md#fields): 1 days, 2 weeks, 3 calendar months, 4 minutes. */
export const SCHEDULE_INTERVALS = [1, 2, 3, 4] as const;
/** 4 send on any day, 5 a weekend date moves to Friday, 6 to Monday (docs/product/schedules.md#fields). */
export const SCHEDULE_DAY_RULES = [4, 5, 6] as const;
/** Attachment kinds, checked on the file's content (docs/product/schedules.md#limits). */
export const SCHEDULE_MEDIA_KINDS = ['png', 'jpg', 'gif', 'pdf', 'xls', 'xlsx'] as const;
/** Upper bound of one schedule's sends, so a typo cannot repeat a message forever. */
export const SCHEDULE_MAX_SENDS = 1000;

const optionalId = z
  .union([idParam, z.literal('').transform(() => null)])
  .nullable()
  .optional();

const fields = {
  body: z.string().max(20_000, MSG_TOO_LONG),
  /** ISO date-time with an offset (the console sends `toISOString()`). */
  sendAt: z.iso.datetime({ offset: true }),
  whatsappId: optionalId,
  /** The author; a profile user's schedules are always their own. */
  userId: optionalId,
  /** The attendant of the ticket the send opens (openTicket enabled). */
  ticketUserId: optionalId,
  queueId: optionalId,
  openTicket: enabledFlag.optional(),
  statusTicket: z.enum(['closed', 'open', 'pending']).optional(),
  assinar: z.boolean().optional(),
  intervalo: z.coerce
    .number()
    .int()
    .refine((v) => (SCHEDULE_INTERVALS as readonly number[]).includes(v), MSG_INVALID_INTERVAL)
    .optional(),
  valorIntervalo: z.coerce.number().int().min(0).max(10_000).optional(),
  enviarQuantasVezes: z.coerce.number().int().min(1).max(SCHEDULE_MAX_SENDS).optional(),
  tipoDias: z.coerce
    .number()
    .int()
    .refine((v) => (SCHEDULE_DAY_RULES as readonly number[]).includes(v), MSG_INVALID_DAY_RULE)
    .optional(),
};

/**
 * A recurrence needs a step: more than one send with valorIntervalo 0 is refused (on create an
 * absent step is the default 0; on update only the sent values are known).
 */
function stepRequired(v: { valorIntervalo?: number; enviarQuantasVezes?: number }) {
  return !(v.enviarQuantasVezes && v.enviarQuantasVezes > 1 && v.valorIntervalo === 0);
}
const createStepRequired = (v: { valorIntervalo?: number; enviarQuantasVezes?: number }) =>
  stepRequired({ ...v, valorIntervalo: v.valorIntervalo ?? 0 });
const stepIssue = { message: MSG_INTERVAL_REQUIRED, path: ['valorIntervalo'] };

export const createScheduleSchema = z
  .object({
    ...fields,
    body: fields.body.trim().min(1, MSG_REQUIRED),
    contactId: idParam,
  })
  .refine(createStepRequired, stepIssue);
export type CreateScheduleInput = z.infer<typeof createScheduleSchema>;

export const updateScheduleSchema = z
  .object({
    ...fields,
    body: fields.body.trim().min(1, MSG_REQUIRED).optional(),
    sendAt: fields.sendAt.optional(),
    contactId: idParam.optional(),
  })
  .refine(stepRequired, stepIssue);
export type UpdateScheduleInput = z.infer<typeof updateScheduleSchema>;

/** `GET /schedules`: searched by text or contact name, optionally one contact's or user's, or a window. */
export const schedulePageQuery = pageQuery.extend({
  contactId: idParam.optional(),
  userId: idParam.optional(),
  /** sendAt from (inclusive) and to (exclusive), ISO date-times: the calendar's visible range. */
  dateFrom: z.iso.datetime({ offset: true }).optional(),
  dateTo: z.iso.datetime({ offset: true }).optional(),
});
export type SchedulePageQuery = z.infer<typeof schedulePageQuery>;
