import { z } from 'zod';
import { nullableDate } from './common.js';
import { planView } from './plans.js';

export const companySettingView = z.object({ key: z.string(), value: z.string().nullable() });

export const companyView = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  status: z.boolean(),
  dueDate: z.string().nullable().optional(),
  recurrence: z.string().nullable().optional(),
  document: z.string().nullable().optional(),
  paymentMethod: z.string().nullable().optional(),
  timezone: z.string().optional(),
  planId: z.number().nullable().optional(),
  plan: planView.nullable().optional(),
  lastLogin: nullableDate,
  numberAttendants: z.number().nullable().optional(),
  numberConections: z.number().nullable().optional(),
  folderSize: z.union([z.string(), z.number()]).nullable().optional(),
  numberFileFolder: z.union([z.string(), z.number()]).nullable().optional(),
  updatedAtFolder: nullableDate,
  createdAt: nullableDate,
  updatedAt: nullableDate,
  companieSettings: z.array(companySettingView).optional(),
  /** The company's working hours (settings page, schedules tab, when scheduleType is company). */
  schedules: z.array(z.record(z.string(), z.unknown())).optional(),
});
export type CompanyView = z.output<typeof companyView>;

/** A company's plan with its use* flags (what the console gates menus on). */
export const companyPlanView = z.object({ plan: planView });
