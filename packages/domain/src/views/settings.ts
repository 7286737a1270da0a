import { z } from 'zod';

export const settingView = z.object({ key: z.string(), value: z.string().nullable() });

/** `GET /companySettingOne?column=X` as this product family's clients read it: `{ X: value }`. */
export const companySettingOneView = z.record(z.string(), z.string().nullable());

/** `GET /companySettings/:id`: one object keyed by setting, beside the company's id. */
export const companySettingsView = z.record(
  z.string(),
  z.union([z.string(), z.number()]).nullable(),
);
