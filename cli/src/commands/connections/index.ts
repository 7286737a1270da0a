import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { registerConnectionsList } from './list.js';

/** `atendo connections <verb>`: channel connections across tenants (super admin). */
export function registerConnections(program: Command, ctx: CliContext): void {
  const connections = program
    .command('connections')
    .description('see channel connections across companies (super admin)');
  registerConnectionsList(connections, ctx);
}
