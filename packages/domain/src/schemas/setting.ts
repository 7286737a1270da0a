import { z } from 'zod';

export * from '../setting-rules.js';

export const updateSettingSchema = z.object({ value: z.string().max(10000) });

export const companySettingUpdateSchema = z.object({
  column: z.string().min(1).max(100),
  data: z.string().max(10000),
});

/** `:key` of a setting in a route path. */
export const settingKeyParams = z.object({ key: z.string().max(100) });

/** `?column=` of the one-company-setting read. */
export const settingColumnQuery = z.object({ column: z.string().max(100) });
