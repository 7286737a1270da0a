import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { registerInvoicesList } from './list.js';

/** `atendo invoices <verb>`: the companies' subscription invoices (super admin). */
export function registerInvoices(program: Command, ctx: CliContext): void {
  const invoices = program
    .command('invoices')
    .description("see the companies' invoices (super admin)");
  registerInvoicesList(invoices, ctx);
}
