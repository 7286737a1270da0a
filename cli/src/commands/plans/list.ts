import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { openSession, superCall } from '../../session.js';
import { renderJson, renderSpinner, renderTable } from '../../ui/index.js';
import { optionsOf, withJson, type CommonOptions } from '../shared.js';
import { plansTable } from './plans-table.js';

/** Lists every plan, public or not (super admin). */
export async function listPlans(ctx: CliContext, options: CommonOptions): Promise<void> {
  const session = await openSession(ctx, options.api);
  const plans = await renderSpinner(ctx, 'Loading plans', () =>
    superCall(session, (client) => client.call('plansAll')),
  );
  if (options.json) {
    renderJson(ctx, plans);
    return;
  }
  renderTable(ctx, plansTable(plans));
}

/** `atendo plans list [--json]` */
export function registerPlansList(plans: Command, ctx: CliContext): void {
  withJson(
    plans.command('list').description('list every plan with its limits, price and features'),
  ).action(async (_opts: unknown, command: Command) => {
    await listPlans(ctx, optionsOf(command));
  });
}
