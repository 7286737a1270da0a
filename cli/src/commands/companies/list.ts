import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { openSession, superCall } from '../../session.js';
import { renderJson, renderSpinner, renderTable } from '../../ui/index.js';
import { optionsOf, withJson, type CommonOptions } from '../shared.js';
import { companiesTable } from './companies-table.js';

/** Lists every company with its plan (super admin). */
export async function listCompanies(ctx: CliContext, options: CommonOptions): Promise<void> {
  const session = await openSession(ctx, options.api);
  const companies = await renderSpinner(ctx, 'Loading companies', () =>
    superCall(session, (client) => client.call('companiesIndex')),
  );
  if (options.json) {
    renderJson(ctx, companies);
    return;
  }
  renderTable(ctx, companiesTable(companies));
}

/** `atendo companies list [--json]` */
export function registerCompaniesList(companies: Command, ctx: CliContext): void {
  withJson(companies.command('list').description('list every company with its plan')).action(
    async (_opts: unknown, command: Command) => {
      await listCompanies(ctx, optionsOf(command));
    },
  );
}
