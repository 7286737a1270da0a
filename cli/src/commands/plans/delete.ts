import type { Command } from 'commander';
import type { CompanyView, PlanView } from '@atendo/domain';
import type { CliContext } from '../../context.js';
import { CliError } from '../../errors.js';
import { openSession, superCall } from '../../session.js';
import { renderJson, renderSpinner, renderSuccess } from '../../ui/index.js';
import { confirmDestructive, optionsOf, withJson, withYes, type CommonOptions } from '../shared.js';
import { findPlan } from './find-plan.js';

export interface DeletePlanOptions extends CommonOptions {
  /** Plan id or name. */
  plan: string;
  yes?: boolean;
}

/** Explains why a plan cannot go: which companies are on it and how to free it. */
export function planInUseError(
  plan: PlanView,
  companies: Pick<CompanyView, 'id' | 'name' | 'planId'>[],
): CliError {
  const users = companies.filter((c) => c.planId === plan.id);
  const shown = users.slice(0, 5).map((c) => `${c.name} (id ${c.id})`);
  const more = users.length > shown.length ? ` and ${users.length - shown.length} more` : '';
  return new CliError(`Plan ${plan.name} (id ${plan.id}) is in use and cannot be deleted.`, {
    code: 'ERR_PLAN_IN_USE',
    nextSteps: [
      users.length ? `Companies on it: ${shown.join(', ')}${more}.` : 'A company is on it.',
      'Move those companies to another plan (or delete them) first, then delete the plan.',
      `To stop offering it instead, hide it: \`atendo plans update ${plan.id} --no-public\`.`,
    ],
  });
}

/** Deletes a plan no company uses (asks first unless --yes). */
export async function deletePlan(ctx: CliContext, options: DeletePlanOptions): Promise<void> {
  const session = await openSession(ctx, options.api);
  const { plan, companies } = await renderSpinner(
    ctx,
    `Finding plan ${options.plan}`,
    async () => ({
      plan: await findPlan(session, options.plan),
      companies: await superCall(session, (client) => client.call('companiesIndex')),
    }),
  );
  // Checked before asking, so nobody confirms a deletion that cannot happen.
  if (companies.some((c) => c.planId === plan.id)) throw planInUseError(plan, companies);

  const label = `${plan.name} (id ${plan.id})`;
  await confirmDestructive(ctx, {
    question: `Delete plan ${label}?`,
    yes: options.yes,
    action: `delete plan ${label}`,
    retry: `atendo plans delete ${plan.id}`,
  });
  try {
    await renderSpinner(ctx, `Deleting plan ${plan.name}`, () =>
      superCall(session, (client) => client.call('plansDelete', { params: { id: plan.id } })),
    );
  } catch (err) {
    // A company moved onto the plan since the check above.
    if (err instanceof CliError && err.code === 'ERR_PLAN_IN_USE') {
      throw planInUseError(
        plan,
        await superCall(session, (client) => client.call('companiesIndex')).catch(() => []),
      );
    }
    throw err;
  }
  if (options.json) {
    renderJson(ctx, { deleted: { id: plan.id, name: plan.name } });
    return;
  }
  renderSuccess(ctx, { headline: `Deleted plan ${label}.` });
}

/** `atendo plans delete <plan> [--yes] [--json]` */
export function registerPlansDelete(plans: Command, ctx: CliContext): void {
  withYes(
    withJson(
      plans
        .command('delete')
        .description('delete a plan that no company uses')
        .argument('<plan>', 'plan id or name'),
    ),
  ).action(async (plan: string, _opts: unknown, command: Command) => {
    await deletePlan(ctx, { ...optionsOf<{ yes?: boolean }>(command), plan });
  });
}
