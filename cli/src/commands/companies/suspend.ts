import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { optionsOf, withJson, withYes, type CommonOptions } from '../shared.js';
import { setCompanyStatus } from './set-company-status.js';

export interface SuspendCompanyOptions extends CommonOptions {
  company: string;
  yes?: boolean;
}

/** Suspends a company: its users can no longer log in (asks first unless --yes). */
export async function suspendCompany(
  ctx: CliContext,
  options: SuspendCompanyOptions,
): Promise<void> {
  await setCompanyStatus(ctx, { ...options, active: false });
}

/** `atendo companies suspend <company> [--yes] [--json]` */
export function registerCompaniesSuspend(companies: Command, ctx: CliContext): void {
  withYes(
    withJson(
      companies
        .command('suspend')
        .description('suspend a company: its users can no longer log in')
        .argument('<company>', 'company id or name'),
    ),
  ).action(async (company: string, _opts: unknown, command: Command) => {
    await suspendCompany(ctx, { ...optionsOf<{ yes?: boolean }>(command), company });
  });
}
