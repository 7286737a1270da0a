import type { Command } from 'commander';
import type { CompanyView } from '@atendo/domain';
import type { CliContext } from '../../context.js';
import { CliError } from '../../errors.js';
import { openSession, superCall } from '../../session.js';
import { renderJson, renderSpinner, renderTable } from '../../ui/index.js';
import { findCompany } from '../companies/find-company.js';
import { optionsOf, withJson, type CommonOptions } from '../shared.js';
import { connectionsTable } from './connections-table.js';

export interface ListConnectionsOptions extends CommonOptions {
  /** Only this company's (id or name). */
  company?: string;
  /** Only connections in this status (CONNECTED, DISCONNECTED, qrcode, …), any case. */
  status?: string;
}

/** Lists the connections of every company with their status (super admin). */
export async function listConnections(
  ctx: CliContext,
  options: ListConnectionsOptions,
): Promise<void> {
  const session = await openSession(ctx, options.api);
  const { connections, company } = await renderSpinner(ctx, 'Loading connections', async () => {
    const only: CompanyView | undefined = options.company
      ? await findCompany(session, options.company)
      : undefined;
    const all = await superCall(session, (client) =>
      client.call('whatsappAll', { query: only ? { companyId: only.id } : {} }),
    ).catch((err: unknown) => {
      if (err instanceof CliError && err.code === 'ERR_NOT_FOUND') {
        throw new CliError(
          'This api does not list connections across companies (GET /whatsapp/all is missing).',
          {
            code: err.code,
            nextSteps: ['Upgrade the api to a version with `GET /whatsapp/all`.'],
          },
        );
      }
      throw err;
    });
    return { connections: all, company: only };
  });
  const status = options.status?.toLowerCase();
  const shown = connections
    .filter((c) => !company || c.companyId === company.id)
    .filter((c) => !status || c.status.toLowerCase() === status)
    .sort((a, b) => a.companyId - b.companyId || a.id - b.id);
  if (options.json) {
    renderJson(ctx, shown);
    return;
  }
  const filtered = company || status;
  renderTable(
    ctx,
    connectionsTable(shown, filtered ? 'No connections match.' : 'No connections yet.'),
  );
}

/** `atendo connections list [--company C] [--status S] [--json]` */
export function registerConnectionsList(connections: Command, ctx: CliContext): void {
  withJson(
    connections
      .command('list')
      .description('list the connections of every company with their status')
      .option('--company <company>', "only this company's (id or name)")
      .option(
        '--status <status>',
        'only connections in this status, e.g. CONNECTED, DISCONNECTED, qrcode',
      ),
  ).action(async (_opts: unknown, command: Command) => {
    await listConnections(ctx, optionsOf<ListConnectionsOptions>(command));
  });
}
