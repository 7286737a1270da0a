import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { optionsOf, withJson, type CommonOptions } from '../shared.js';
import { setCompanyStatus } from './set-company-status.js';

export interface ActivateCompanyOptions extends CommonOptions {
  company: string;
}

/** Activates a suspended company: its users can log in again. */
export async function activateCompany(
  ctx: CliContext,
  options: ActivateCompanyOptions,
): Promise<void> {
  await setCompanyStatus(ctx, { ...options, active: true });
}

/** `atendo companies activate <company> [--json]` */
export function registerCompaniesActivate(companies: Command, ctx: CliContext): void {
  withJson(
    companies
      .command('activate')
      .description('activate a suspended company')
      .argument('<company>', 'company id or name'),
  ).action(async (company: string, _opts: unknown, command: Command) => {
    await activateCompany(ctx, { ...optionsOf(command), company });
  });
}
