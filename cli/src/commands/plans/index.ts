import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { registerPlansCreate } from './create.js';
import { registerPlansDelete } from './delete.js';
import { registerPlansList } from './list.js';
import { registerPlansUpdate } from './update.js';

/** `atendo plans <verb>`: what companies subscribe to (super admin). */
export function registerPlans(program: Command, ctx: CliContext): void {
  const plans = program.command('plans').description('manage subscription plans (super admin)');
  registerPlansCreate(plans, ctx);
  registerPlansList(plans, ctx);
  registerPlansUpdate(plans, ctx);
  registerPlansDelete(plans, ctx);
}
