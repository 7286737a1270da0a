import { PLAN_FLAGS, planSchema, type PlanFlag, type PlanView } from '@atendo/domain';
import { type z } from 'zod';

/** The plan form's fields as its inputs hold them (docs/product/companies-plans-billing.md Plans page). */
export type PlanFormValues = {
  name: string;
  users: string;
  connections: string;
  queues: string;
  amount: string;
  isPublic: boolean;
} & Record<PlanFlag, boolean>;

const flags = (value: (f: PlanFlag) => boolean) =>
  Object.fromEntries(PLAN_FLAGS.map((f) => [f, value(f)])) as Record<PlanFlag, boolean>;

export function emptyPlanForm(): PlanFormValues {
  return {
    name: '',
    users: '0',
    connections: '0',
    queues: '0',
    amount: '0',
    isPublic: true,
    // A new plan offers WhatsApp; every other feature is opted in.
    ...flags((f) => f === 'useWhatsapp'),
  };
}

export function planFormOf(p: PlanView): PlanFormValues {
  return {
    name: p.name,
    users: String(p.users),
    connections: String(p.connections),
    queues: String(p.queues),
    amount: String(p.amount),
    isPublic: p.isPublic,
    ...flags((f) => p[f]),
  };
}

/** The domain's plan schema over the form's values (limits and amount as typed). */
export const planFormSchema = planSchema;
export type PlanBody = z.output<typeof planSchema>;
