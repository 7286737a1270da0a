import type { PlanView } from '@atendo/domain';
import { CliError } from '../../errors.js';
import { superCall, type Session } from '../../session.js';

/** Picks a plan by id (digits) or exact name, ignoring case; an id wins over a numeric name. */
export function pickPlan(plans: PlanView[], ref: string): PlanView | undefined {
  const wanted = ref.trim();
  if (/^\d+$/.test(wanted)) {
    const byId = plans.find((p) => p.id === Number(wanted));
    if (byId) return byId;
  }
  const lower = wanted.toLowerCase();
  return plans.find((p) => p.name.toLowerCase() === lower);
}

/** Loads every plan and finds one by id or name, or fails listing the plans there are. */
export async function findPlan(session: Session, ref: string): Promise<PlanView> {
  const plans = await superCall(session, (client) => client.call('plansAll'));
  const plan = pickPlan(plans, ref);
  if (!plan) {
    const known = plans.map((p) => `${p.name} (${p.id})`).join(', ');
    throw new CliError(`No plan with id or name "${ref}".`, {
      code: 'ERR_NO_PLAN_FOUND',
      nextSteps: [
        known ? `Plans: ${known}.` : 'There are no plans yet: run `atendo plans create`.',
        'Run `atendo plans list` for details.',
      ],
    });
  }
  return plan;
}
