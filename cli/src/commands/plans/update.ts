import type { Command } from 'commander';
import { updatePlanSchema } from '@atendo/domain';
import type { CliContext } from '../../context.js';
import { usageError } from '../../errors.js';
import { openSession, superCall } from '../../session.js';
import { renderJson, renderSpinner, renderSuccess } from '../../ui/index.js';
import { optionsOf, wholeNumber, withJson, type CommonOptions } from '../shared.js';
import { findPlan } from './find-plan.js';
import { checkPlanInput } from './plan-input.js';
import { FEATURE_NAMES, flagsFromOptions, type FlagOptions } from './plan-flags.js';
import { planSummary } from './plan-summary.js';

export interface UpdatePlanOptions extends CommonOptions, FlagOptions {
  /** Plan id or name. */
  plan: string;
  name?: string;
  users?: number;
  connections?: number;
  queues?: number;
  amount?: string;
  public?: boolean;
}

/** Changes only what the options name on a plan (super admin). */
export async function updatePlan(ctx: CliContext, options: UpdatePlanOptions): Promise<void> {
  const flags = flagsFromOptions(options) ?? {};
  const changes = Object.fromEntries(
    Object.entries({
      name: options.name,
      users: options.users,
      connections: options.connections,
      queues: options.queues,
      amount: options.amount,
      isPublic: options.public,
      ...flags,
    }).filter(([, v]) => v !== undefined),
  );
  if (Object.keys(changes).length === 0) {
    throw usageError('Nothing to update: name at least one change.', [
      'e.g. `atendo plans update Basic --users 10 --enable kanban`; see `atendo plans update --help`.',
    ]);
  }
  const body = checkPlanInput(updatePlanSchema, changes);
  const session = await openSession(ctx, options.api);
  const plan = await renderSpinner(ctx, `Finding plan ${options.plan}`, () =>
    findPlan(session, options.plan),
  );
  const updated = await renderSpinner(ctx, `Updating plan ${plan.name}`, () =>
    superCall(session, (client) => client.call('plansUpdate', { params: { id: plan.id }, body })),
  );
  if (options.json) {
    renderJson(ctx, updated);
    return;
  }
  renderSuccess(ctx, {
    headline: `Updated plan ${updated.name} (id ${updated.id}).`,
    body: planSummary(updated),
  });
}

/** `atendo plans update <plan> [--name N] [--users N] … [--flags L | --all-flags | --no-flags | --enable L --disable L]` */
export function registerPlansUpdate(plans: Command, ctx: CliContext): void {
  withJson(
    plans
      .command('update')
      .description('change a plan (only the options given)')
      .argument('<plan>', 'plan id or name')
      .option('--name <name>', 'new name')
      .option('--users <n>', 'most users (0: unlimited)', wholeNumber)
      .option('--connections <n>', 'most connections (0: unlimited)', wholeNumber)
      .option('--queues <n>', 'most queues (0: unlimited)', wholeNumber)
      .option('--amount <amount>', 'monthly price in reais, e.g. 49.90')
      .option('--public', 'show it on the signup page')
      .option('--no-public', 'hide it from the signup page')
      .option('--flags <features>', `exactly these features (the others off): ${FEATURE_NAMES}`)
      .option('--all-flags', 'every feature on')
      .option('--no-flags', 'every feature off')
      .option('--enable <features>', 'turn these features on, leaving the others')
      .option('--disable <features>', 'turn these features off, leaving the others'),
  ).action(async (plan: string, _opts: unknown, command: Command) => {
    await updatePlan(ctx, { ...optionsOf<Omit<UpdatePlanOptions, 'plan'>>(command), plan });
  });
}
