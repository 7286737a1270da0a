import type { Command } from 'commander';
import type { InvoiceStatus } from '@atendo/domain';
import type { CliContext } from '../../context.js';
import { companyToday } from '../../format.js';
import { superCall } from '../../session.js';
import { openSession } from '../../session.js';
import { renderJson, renderSpinner, renderTable } from '../../ui/index.js';
import { findCompany } from '../companies/find-company.js';
import { optionsOf, withJson, type CommonOptions } from '../shared.js';
import { invoiceStatusOption } from './invoice-status.js';
import { invoicesTable, type InvoiceRow } from './invoices-table.js';
import { loadInvoices } from './load-invoices.js';

export interface ListInvoicesOptions extends CommonOptions {
  /** Only this company's (id or name). */
  company?: string;
  /** Only open or only paid invoices. */
  status?: InvoiceStatus;
}

/** Lists the invoices of every company, newest due date first (super admin). */
export async function listInvoices(ctx: CliContext, options: ListInvoicesOptions): Promise<void> {
  const session = await openSession(ctx, options.api);
  const { invoices, zones } = await renderSpinner(ctx, 'Loading invoices', async () => {
    const company = options.company ? await findCompany(session, options.company) : undefined;
    const [invoices, companies] = await Promise.all([
      loadInvoices(session, { companyId: company?.id, status: options.status }),
      // Each company's time zone decides which of its open invoices are past due today.
      options.json ? [] : superCall(session, (client) => client.call('companiesIndex')),
    ]);
    const zones = new Map(companies.map((c) => [c.id, c.timezone ?? null]));
    return { invoices, zones };
  });
  if (options.json) {
    renderJson(ctx, invoices);
    return;
  }
  const filtered = options.company || options.status;
  renderTable(
    ctx,
    invoicesTable(invoices, {
      today: (i: InvoiceRow) => companyToday({ timezone: zones.get(i.companyId ?? 0) }),
      withCompany: true,
      empty: filtered ? 'No invoices match.' : 'No invoices yet.',
    }),
  );
}

/** `atendo invoices list [--company C] [--status open|paid] [--json]` */
export function registerInvoicesList(invoices: Command, ctx: CliContext): void {
  withJson(
    invoices
      .command('list')
      .description('list the invoices of every company, newest due date first')
      .option('--company <company>', "only this company's (id or name)")
      .option('--status <status>', 'only open or only paid invoices', invoiceStatusOption),
  ).action(async (_opts: unknown, command: Command) => {
    await listInvoices(ctx, optionsOf<ListInvoicesOptions>(command));
  });
}
