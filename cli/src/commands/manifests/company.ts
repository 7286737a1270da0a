import type { Command } from 'commander';
import { stringify } from 'yaml';
import { desiredCompanyManifest, type Company, type CompanySpec } from '@atendo/cdk8s';
import { companySchema, DEFAULT_TIMEZONE } from '@atendo/domain';
import type { CliContext } from '../../context.js';
import { usageError } from '../../errors.js';
import { renderJson } from '../../ui/index.js';
import { dateOption, timeZoneOption } from '../../validate.js';
import { wholeNumber, withJson } from '../shared.js';
import { dnsLabelProblem, toDnsLabel } from './dns-name.js';

export interface CompanyManifestOptions {
  /** metadata.name: a DNS-1123 label. */
  name: string;
  displayName?: string;
  plan?: string;
  adminEmail: string;
  dueDate?: string;
  timezone?: string;
  inactive?: boolean;
  users?: number;
  connections?: number;
  queues?: number;
  json?: boolean;
}

/** Builds the Company resource the options describe; bad input is a usage error that says why. */
export function companyManifest(options: CompanyManifestOptions): Company {
  const problem = dnsLabelProblem(options.name);
  if (problem) {
    const suggestion = toDnsLabel(options.name);
    throw usageError(
      `"${options.name}" cannot be a Company name: ${problem}. Kubernetes names are DNS-1123 labels: ` +
        'lower-case letters, digits and "-", starting and ending with a letter or digit, at most 63 characters.',
      [
        suggestion && !dnsLabelProblem(suggestion)
          ? `Try \`atendo manifests company ${suggestion} --display-name "${options.name}" …\`.`
          : 'Pick a name such as acme-corp, and pass the shown name with --display-name.',
      ],
    );
  }
  const displayName = (options.displayName ?? options.name).trim();
  if (displayName.length < 2 || displayName.length > 50) {
    throw usageError(`--display-name must have 2 to 50 characters (it has ${displayName.length}).`);
  }
  const email = companySchema.shape.email.safeParse(options.adminEmail);
  if (!email.success)
    throw usageError(`--admin-email: "${options.adminEmail}" is not a valid email.`);
  const limits = { users: options.users, connections: options.connections, queues: options.queues };
  const spec: CompanySpec = {
    displayName,
    plan: options.plan?.trim() || undefined,
    active: !options.inactive,
    dueDate: options.dueDate,
    timezone: options.timezone ?? DEFAULT_TIMEZONE,
    adminEmail: email.data,
    limits: Object.values(limits).some((v) => v !== undefined) ? limits : undefined,
  };
  return desiredCompanyManifest(options.name, spec);
}

/** Prints a Company custom resource for GitOps: YAML, or JSON with --json. Needs no login. */
export function printCompanyManifest(ctx: CliContext, options: CompanyManifestOptions): void {
  const manifest = companyManifest(options);
  if (options.json) renderJson(ctx, manifest);
  // YAML 1.1 rules quote what older parsers (kubectl's among them) would read as dates or booleans.
  else ctx.stdout.write(stringify(manifest, { version: '1.1' }));
}

/** `atendo manifests company NAME --admin-email E [--display-name D] [--plan P] …` */
export function registerManifestsCompany(manifests: Command, ctx: CliContext): void {
  withJson(
    manifests
      .command('company')
      .description('print a Company resource (atendo.io/v1alpha1) as YAML, for GitOps')
      .argument('<name>', 'resource name: a DNS-1123 label such as acme-corp')
      .requiredOption('--admin-email <email>', "the first admin's email (immutable once applied)")
      .option('--display-name <name>', 'name shown in the console (default: NAME)')
      .option('--plan <plan>', 'plan name in the api (atendo plans list)')
      .option(
        '--due-date <date>',
        'due date YYYY-MM-DD; set, GitOps owns it; unset, billing does',
        dateOption,
      )
      .option('--timezone <tz>', `IANA time zone (default: ${DEFAULT_TIMEZONE})`, timeZoneOption)
      .option('--inactive', 'suspended (spec.active: false)')
      .option('--users <n>', "most users (overrides the plan's)", wholeNumber)
      .option('--connections <n>', "most connections (overrides the plan's)", wholeNumber)
      .option('--queues <n>', "most queues (overrides the plan's)", wholeNumber),
  ).action((name: string, opts: Omit<CompanyManifestOptions, 'name'>) => {
    printCompanyManifest(ctx, { ...opts, name });
  });
}
