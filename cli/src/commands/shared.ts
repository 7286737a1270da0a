import type { Command } from 'commander';

/** Options every command accepts. */
export interface CommonOptions {
  json?: boolean;
  /** From the root program: `--api <url>`. */
  api?: string;
}

/** Adds `--json` to a command. */
export function withJson(command: Command): Command {
  return command.option('--json', 'print the result as JSON on stdout (nothing else goes to stdout)');
}

/** The command's own options merged with the root program's (`--api`). */
export function optionsOf<T extends object>(command: Command): T & CommonOptions {
  return command.optsWithGlobals<T & CommonOptions>();
}
