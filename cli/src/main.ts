import { Command, CommanderError, InvalidArgumentError } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import { registerAnnouncements } from './commands/announcements/index.js';
import { registerAuth } from './commands/auth/index.js';
import { registerCompanies } from './commands/companies/index.js';
import { registerConnections } from './commands/connections/index.js';
import { registerInvoices } from './commands/invoices/index.js';
import { registerManifests } from './commands/manifests/index.js';
import { registerPlans } from './commands/plans/index.js';
import { createContext, type CliContext, type CliIO } from './context.js';
import { CliError, describeApiFailure, EXIT } from './errors.js';
import { renderError } from './ui/index.js';

function apiUrlOption(value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
    return value;
  } catch {
    throw new InvalidArgumentError('expected an http(s) URL, e.g. http://localhost:8080');
  }
}

/** The `atendo` program; each noun registers its verbs (one file per command under commands/). */
export function buildProgram(ctx: CliContext): Command {
  const program = new Command('atendo')
    .description(
      "Atendo's platform CLI: log in as a super admin, manage companies, plans, connections, invoices and announcements; print manifests",
    )
    .version(packageJson.version, '-v, --version')
    .option(
      '--api <url>',
      'Atendo api URL (default: $ATENDO_API_URL, the saved login, http://localhost:8080)',
      apiUrlOption,
    )
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => void ctx.stdout.write(s),
      writeErr: (s) => void ctx.stderr.write(s),
    });
  registerAuth(program, ctx);
  registerCompanies(program, ctx);
  registerPlans(program, ctx);
  registerConnections(program, ctx);
  registerInvoices(program, ctx);
  registerAnnouncements(program, ctx);
  registerManifests(program, ctx);
  return program;
}

/** Runs the CLI on `argv` (without node and script) and resolves to the exit code; never exits itself. */
export async function run(argv: string[], io: CliIO): Promise<number> {
  let ctx: CliContext;
  try {
    ctx = createContext(io);
  } catch (err) {
    io.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    return EXIT.usage;
  }
  try {
    await buildProgram(ctx).parseAsync(argv, { from: 'user' });
    return EXIT.ok;
  } catch (err) {
    if (err instanceof CommanderError) {
      // Commander has already printed help, the version or the usage error.
      return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    const error =
      err instanceof CliError
        ? err
        : describeApiFailure(err, { apiUrl: ctx.env.ATENDO_API_URL ?? 'the api' });
    renderError(ctx, { headline: error.message, code: error.code, nextSteps: error.nextSteps });
    return error.exitCode;
  }
}
