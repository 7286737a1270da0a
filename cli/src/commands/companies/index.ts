import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { registerCompaniesActivate } from './activate.js';
import { registerCompaniesCreate } from './create.js';
import { registerCompaniesList } from './list.js';
import { registerCompaniesRenew } from './renew.js';
import { registerCompaniesShow } from './show.js';
import { registerCompaniesSuspend } from './suspend.js';

/** `atendo companies <verb>`: the tenants of the platform (super admin). */
export function registerCompanies(program: Command, ctx: CliContext): void {
  const companies = program
    .command('companies')
    .description('manage tenant companies (super admin)');
  registerCompaniesCreate(companies, ctx);
  registerCompaniesList(companies, ctx);
  registerCompaniesShow(companies, ctx);
  registerCompaniesSuspend(companies, ctx);
  registerCompaniesActivate(companies, ctx);
  registerCompaniesRenew(companies, ctx);
}
