import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { companyToday } from '../../format.js';
import { openSession, superCall } from '../../session.js';
import { renderInfo, renderJson, renderSpinner, renderTable } from '../../ui/index.js';
import { invoicesTable } from '../invoices/invoices-table.js';
import { loadInvoices } from '../invoices/load-invoices.js';
import { optionsOf, withJson, type CommonOptions } from '../shared.js';
import { companySummary, companyUsage } from './company-usage.js';
import { findCompany } from './find-company.js';

export interface ShowCompanyOptions extends CommonOptions {
  /** Company id or name. */
  company: string;
}

/**
 * One company (super admin): its plan, what it uses of the plan's limits (users, connections
 * and queues, read with the company named), its due date and its invoices.
 */
export async function showCompany(ctx: CliContext, options: ShowCompanyOptions): Promise<void> {
  const session = await openSession(ctx, options.api);
  const { company, users, connections, queues, invoices } = await renderSpinner(
    ctx,
    `Loading company ${options.company}`,
    async () => {
      const found = await findCompany(session, options.company);
      const query = { companyId: found.id };
      const [usersPage, whatsapps, queues, companyInvoices] = await Promise.all([
        superCall(session, (client) => client.call('usersIndex', { query })),
        superCall(session, (client) => client.call('whatsappAll', { query })),
        superCall(session, (client) => client.call('queuesIndex', { query })),
        loadInvoices(session, query),
      ]);
      return {
        company: found,
        users: usersPage.count ?? usersPage.users.length,
        connections: whatsapps.filter((w) => w.companyId === found.id).length,
        queues: queues.length,
        invoices: companyInvoices,
      };
    },
  );
  const usage = companyUsage(company, { users, connections, queues });
  if (options.json) {
    renderJson(ctx, { company, usage, invoices });
    return;
  }
  const today = companyToday(company);
  renderInfo(ctx, {
    headline: `Company ${company.name} (id ${company.id})`,
    body: companySummary(company, usage, invoices, today),
  });
  if (invoices.length > 0) renderTable(ctx, invoicesTable(invoices, { today }));
}

/** `atendo companies show <company> [--json]` */
export function registerCompaniesShow(companies: Command, ctx: CliContext): void {
  withJson(
    companies
      .command('show')
      .description('show a company: plan, usage against its limits, due date and invoices')
      .argument('<company>', 'company id or name'),
  ).action(async (company: string, _opts: unknown, command: Command) => {
    await showCompany(ctx, { ...optionsOf(command), company });
  });
}
