import { z } from 'zod';
import { PLAN_FLAGS } from '../permissions.js';

const flags = Object.fromEntries(PLAN_FLAGS.map((f) => [f, z.boolean().optional()])) as Record<
  (typeof PLAN_FLAGS)[number],
  z.ZodOptional<z.ZodBoolean>
>;

export const planSchema = z.object({
  name: z.string({ error: 'Required' }).trim().min(1, 'Required').max(100, 'Too Long!'),
  users: z.coerce.number().int().min(0),
  connections: z.coerce.number().int().min(0),
  queues: z.coerce.number().int().min(0),
  amount: z.union([z.string(), z.number()]).transform((v) => String(v)).refine((v) => /^\d+([.,]\d{1,2})?$/.test(v), 'Invalid amount'),
  isPublic: z.boolean().optional(),
  ...flags,
});
export type PlanInput = z.infer<typeof planSchema>;
export const updatePlanSchema = planSchema.partial();
