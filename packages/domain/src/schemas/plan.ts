import { z } from 'zod';
import { MSG_INVALID_AMOUNT, MSG_REQUIRED, MSG_TOO_LONG } from './validation-messages.js';
import { PLAN_FLAGS } from '../permissions.js';

const flags = Object.fromEntries(PLAN_FLAGS.map((f) => [f, z.boolean().optional()])) as Record<
  (typeof PLAN_FLAGS)[number],
  z.ZodOptional<z.ZodBoolean>
>;

const limit = z.coerce.number().int().min(0).max(2_147_483_647);

export const planSchema = z.object({
  name: z.string({ error: MSG_REQUIRED }).trim().min(1, MSG_REQUIRED).max(100, MSG_TOO_LONG),
  users: limit,
  connections: limit,
  queues: limit,
  /** Up to 99,999,999.99, with a dot or a comma ('49,90'); stored as numeric(10,2). */
  amount: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => /^\d{1,8}([.,]\d{1,2})?$/.test(v), MSG_INVALID_AMOUNT),
  isPublic: z.boolean().optional(),
  ...flags,
});
export type PlanInput = z.infer<typeof planSchema>;
export const updatePlanSchema = planSchema.partial();

/** `GET /plans/list`: the signup form's public plans (the flag is accepted and ignored). */
export const publicPlansQuery = z.object({ listPublic: z.string().optional() });
