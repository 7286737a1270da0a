import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { registerCompaniesList } from './list.js';

/** `atendo companies <verb>`: the tenants of the platform (super admin). */
export function registerCompanies(program: Command, ctx: CliContext): void {
  const companies = program.command('companies').description('manage tenant companies (super admin)');
  registerCompaniesList(companies, ctx);
}
