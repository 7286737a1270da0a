import type { Command } from 'commander';
import { planSchema } from '@atendo/domain';
import type { CliContext } from '../../context.js';
import { usageError } from '../../errors.js';
import { openSession, superCall } from '../../session.js';
import { renderJson, renderSpinner, renderSuccess } from '../../ui/index.js';
import { optionsOf, wholeNumber, withJson, type CommonOptions } from '../shared.js';
import { checkPlanInput } from './plan-input.js';
import { FEATURE_NAMES, flagsFromOptions, type FlagOptions } from './plan-flags.js';
import { planSummary } from './plan-summary.js';

export interface CreatePlanOptions extends CommonOptions, Omit<FlagOptions, 'enable' | 'disable'> {
  name: string;
  users: number;
  connections: number;
  queues: number;
  /** "49.90" or "49,90". */
  amount: string;
  /** Shown on the signup page; not unless told. */
  public?: boolean;
}

/** Creates a plan with its limits, price and features (super admin). */
export async function createPlan(ctx: CliContext, options: CreatePlanOptions): Promise<void> {
  const flags = flagsFromOptions(options);
  if (!flags) {
    throw usageError(
      'Say which features the plan includes: --flags <list>, --all-flags or --no-flags.',
      [`Features: ${FEATURE_NAMES}.`, 'e.g. `--flags whatsapp,kanban,campaigns`'],
    );
  }
  const body = checkPlanInput(planSchema, {
    name: options.name,
    users: options.users,
    connections: options.connections,
    queues: options.queues,
    amount: options.amount,
    isPublic: options.public ?? false,
    ...flags,
  });
  const session = await openSession(ctx, options.api);
  const plan = await renderSpinner(ctx, `Creating plan ${body.name}`, () =>
    superCall(session, (client) => client.call('plansCreate', { body })),
  );
  if (options.json) {
    renderJson(ctx, plan);
    return;
  }
  renderSuccess(ctx, {
    headline: `Created plan ${plan.name} (id ${plan.id}).`,
    body: planSummary(plan),
  });
}

/** `atendo plans create NAME --users N --connections N --queues N --amount A (--flags L | --all-flags | --no-flags)` */
export function registerPlansCreate(plans: Command, ctx: CliContext): void {
  withJson(
    plans
      .command('create')
      .description('create a plan')
      .argument('<name>', 'plan name (unique)')
      .requiredOption(
        '--users <n>',
        'most users a company on this plan may have (0: unlimited)',
        wholeNumber,
      )
      .requiredOption('--connections <n>', 'most connections (0: unlimited)', wholeNumber)
      .requiredOption('--queues <n>', 'most queues (0: unlimited)', wholeNumber)
      .requiredOption('--amount <amount>', 'monthly price in reais, e.g. 49.90')
      .option('--flags <features>', `comma-separated features to include: ${FEATURE_NAMES}`)
      .option('--all-flags', 'include every feature')
      .option('--no-flags', 'include no features')
      .option('--public', 'show it on the signup page (default: not public)'),
  ).action(async (name: string, _opts: unknown, command: Command) => {
    await createPlan(ctx, { ...optionsOf<Omit<CreatePlanOptions, 'name'>>(command), name });
  });
}
