import { InvalidArgumentError, type Command } from 'commander';
import type { CliContext } from '../context.js';
import { CliError, EXIT, usageError } from '../errors.js';
import { renderConfirm } from '../ui/index.js';

/** Options every command accepts. */
export interface CommonOptions {
  json?: boolean;
  /** From the root program: `--api <url>`. */
  api?: string;
}

/** Adds `--json` to a command. */
export function withJson(command: Command): Command {
  return command.option(
    '--json',
    'print the result as JSON on stdout (nothing else goes to stdout)',
  );
}

/** Adds `-y, --yes` to a destructive command. */
export function withYes(command: Command): Command {
  return command.option('-y, --yes', 'do not ask for confirmation (required without a terminal)');
}

/** The command's own options merged with the root program's (`--api`). */
export function optionsOf<T extends object>(command: Command): T & CommonOptions {
  return command.optsWithGlobals<T & CommonOptions>();
}

/** Commander parser for a whole number ≥ 0 (limits, months). */
export function wholeNumber(value: string): number {
  if (!/^\d+$/.test(value.trim()))
    throw new InvalidArgumentError('expected a whole number, e.g. 10');
  const n = Number(value);
  if (n > 2_147_483_647) throw new InvalidArgumentError('too large');
  return n;
}

/** Commander parser for a whole number ≥ 1. */
export function positiveNumber(value: string): number {
  const n = wholeNumber(value);
  if (n < 1) throw new InvalidArgumentError('expected a whole number of at least 1');
  return n;
}

export interface ConfirmDestructive {
  /** The question, e.g. "Suspend company Demo (id 2)?" */
  question: string;
  /** The flag that answers yes up front. */
  yes?: boolean;
  /** What the command would do, for the messages: "suspend company Demo". */
  action: string;
  /** The command to suggest with --yes. */
  retry: string;
}

/**
 * Confirms a destructive action: --yes goes ahead; a TTY asks (default no); without a TTY and
 * without --yes it refuses with exit code 2 rather than guess.
 */
export async function confirmDestructive(ctx: CliContext, o: ConfirmDestructive): Promise<void> {
  if (o.yes) return;
  if (!ctx.interactive || !ctx.stdin) {
    throw usageError(
      `Refusing to ${o.action} without confirmation: there is no terminal to ask on.`,
      [`Run \`${o.retry} --yes\` to confirm.`],
    );
  }
  const confirmed = await renderConfirm(ctx, { message: o.question });
  if (!confirmed)
    throw new CliError(`Cancelled: did not ${o.action}.`, { exitCode: EXIT.cancelled });
}

/** One page of a paged api list: its items and whether more pages follow. */
export interface Page<T> {
  items: T[];
  hasMore: boolean;
}

/**
 * Every item of a paged api list (20 a page on the api), asked for page after page while the
 * api says there is more. An empty page ends it too, so a wrong hasMore cannot loop forever.
 */
export async function allPages<T>(
  fetchPage: (pageNumber: number) => Promise<Page<T>>,
): Promise<T[]> {
  const all: T[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const page = await fetchPage(pageNumber);
    all.push(...page.items);
    if (!page.hasMore || page.items.length === 0) return all;
  }
}
