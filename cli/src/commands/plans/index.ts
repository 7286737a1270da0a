import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { registerPlansList } from './list.js';

/** `atendo plans <verb>`: what companies subscribe to (super admin). */
export function registerPlans(program: Command, ctx: CliContext): void {
  const plans = program.command('plans').description('manage subscription plans (super admin)');
  registerPlansList(plans, ctx);
}
