import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { registerLogin } from './login.js';
import { registerLogout } from './logout.js';

/** `atendo login` and `atendo logout`. */
export function registerAuth(program: Command, ctx: CliContext): void {
  registerLogin(program, ctx);
  registerLogout(program, ctx);
}
