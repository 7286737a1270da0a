import { z } from 'zod';
import { hhmm } from './common.js';

export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
export type Recurrence = (typeof RECURRENCES)[number];

/** Months each recurrence advances the due date by (spec 2 §9). */
export const RECURRENCE_MONTHS: Record<Recurrence, number> = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
};

/** The platform company's due date: it never expires and never moves (spec 2 Company). */
export const PLATFORM_DUE_DATE = '2999-12-31';

/**
 * `dueDate` ('YYYY-MM-DD') moved on by one period of `recurrence` (spec 2 §9). A day past the
 * end of the target month falls on its last day (Jan 31 + 1 month = Feb 28 or 29), so a
 * monthly company due on the 31st is never pushed into the month after.
 */
export function advanceDueDate(dueDate: string, recurrence: Recurrence): string {
  const [y, m, d] = dueDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  const months = m - 1 + RECURRENCE_MONTHS[recurrence];
  const year = y + Math.floor(months / 12);
  const month = months % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Names already found valid: building a DateTimeFormat to check one costs ~0.4 ms. */
const knownTimeZones = new Set<string>();

/** True for an IANA time zone name this runtime knows ('America/Sao_Paulo', 'UTC'). */
export function isTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64) return false;
  if (knownTimeZones.has(tz)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
  } catch {
    return false;
  }
  // Only valid names are kept, and at most 1,000 (Intl also takes any casing of a name).
  if (knownTimeZones.size < 1000) knownTimeZones.add(tz);
  return true;
}

/** A company's time zone: every business-hours rule runs in it, so an unknown name is refused. */
export const timeZoneSchema = z.string().trim().max(64).refine(isTimeZone, 'Unknown time zone');

/** A calendar date 'YYYY-MM-DD' (a time part after it is ignored); impossible dates are refused. */
const dateOnly = z
  .string()
  .max(40)
  .refine((v) => {
    const day = v.slice(0, 10);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
    const d = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
  }, 'Invalid date (YYYY-MM-DD)');

export const companySchema = z.object({
  name: z
    .string({ error: 'Nome é obrigatório' })
    .trim()
    .min(2, 'Nome é obrigatório')
    .max(50, 'Too Long!'),
  email: z
    .string({ error: 'Required' })
    .trim()
    .toLowerCase()
    .min(1, 'Required')
    .email('Invalid email'),
  /** The first admin's password (required on create; an update ignores it). */
  password: z.string({ error: 'Required' }).min(5, 'Too Short!').max(50, 'Too Long!'),
  phone: z.string().max(30).nullable().optional(),
  planId: z.coerce.number({ error: 'Required' }).int().positive(),
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
