import { z } from 'zod';
import {
  MSG_INVALID_DAY,
  MSG_INVALID_EMAIL,
  MSG_NAME_REQUIRED_PT,
  MSG_REQUIRED,
  MSG_TOO_LONG,
  MSG_TOO_SHORT,
  MSG_UNKNOWN_TIME_ZONE,
} from './validation-messages.js';
import { hhmm } from './common.js';
import { RECURRENCES, isTimeZone } from '../company-rules.js';

export * from '../company-rules.js';

/** A company's time zone: every business-hours rule runs in it, so an unknown name is refused. */
export const timeZoneSchema = z.string().trim().max(64).refine(isTimeZone, MSG_UNKNOWN_TIME_ZONE);

/** A calendar date 'YYYY-MM-DD' (a time part after it is ignored); impossible dates are refused. */
const dateOnly = z
  .string()
  .max(40)
  .refine((v) => {
    const day = v.slice(0, 10);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
    const d = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
  }, MSG_INVALID_DAY);

export const companySchema = z.object({
  name: z
    .string({ error: MSG_NAME_REQUIRED_PT })
    .trim()
    .min(2, MSG_NAME_REQUIRED_PT)
    .max(50, MSG_TOO_LONG),
  email: z
    .string({ error: MSG_REQUIRED })
    .trim()
    .toLowerCase()
    .min(1, MSG_REQUIRED)
    .email(MSG_INVALID_EMAIL),
  /** The first admin's password (required on create; an update ignores it). */
  password: z.string({ error: MSG_REQUIRED }).min(5, MSG_TOO_SHORT).max(50, MSG_TOO_LONG),
  phone: z.string().max(30).nullable().optional(),
  planId: z.coerce.number({ error: MSG_REQUIRED }).int().positive(),
  status: z.boolean().optional(),
  dueDate: dateOnly.nullable().optional(),
  recurrence: z.enum(RECURRENCES).optional(),
  document: z.string().max(20).nullable().optional(),
  paymentMethod: z.string().max(50).nullable().optional(),
  timezone: timeZoneSchema.optional(),
  numberAttendants: z.coerce.number().int().min(0).nullable().optional(),
  numberConections: z.coerce.number().int().min(0).nullable().optional(),
});
export type CompanyInput = z.infer<typeof companySchema>;

export const updateCompanySchema = companySchema.partial();

export const scheduleEntrySchema = z.object({
  weekday: z.string().max(30).optional(),
  weekdayEn: z.enum(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']),
  startTimeA: z
    .union([hhmm, z.literal('')])
    .nullable()
    .optional(),
  endTimeA: z
    .union([hhmm, z.literal('')])
    .nullable()
    .optional(),
  startTimeB: z
    .union([hhmm, z.literal('')])
    .nullable()
    .optional(),
  endTimeB: z
    .union([hhmm, z.literal('')])
    .nullable()
    .optional(),
});

export const companySchedulesSchema = z.object({
  schedules: z.array(scheduleEntrySchema).max(7),
});
