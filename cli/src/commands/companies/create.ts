import type { Command } from 'commander';
import {
  companySchema,
  DEFAULT_TIMEZONE,
  RECURRENCES,
  type CompanyView,
  type PlanView,
  type Recurrence,
} from '@atendo/domain';
import type { CliContext } from '../../context.js';
import { usageError } from '../../errors.js';
import { formatDate } from '../../format.js';
import { openSession, superCall } from '../../session.js';
import { renderJson, renderPrompt, renderSuccess, renderTasks } from '../../ui/index.js';
import { dateOption, recurrenceOption, timeZoneOption } from '../../validate.js';
import { findPlan } from '../plans/find-plan.js';
import { optionsOf, withJson, type CommonOptions } from '../shared.js';

export interface CreateCompanyOptions extends CommonOptions {
  name: string;
  /** The company's email, also its first admin's login. */
  email?: string;
  /** The first admin's password (asked for, hidden, on a terminal when missing). */
  password?: string;
  /** Plan id or name. */
  plan?: string;
  phone?: string;
  dueDate?: string;
  recurrence?: Recurrence;
  timezone?: string;
  /** Create it suspended. */
  inactive?: boolean;
}

const FLAG_OF: Record<string, string> = {
  name: 'NAME',
  email: '--email',
  password: '--password',
  planId: '--plan',
  phone: '--phone',
};
const emailRule = companySchema.shape.email;
const passwordRule = companySchema.shape.password;

/** Creates a company and its first admin (email + password) on a plan (super admin). */
export async function createCompany(ctx: CliContext, options: CreateCompanyOptions): Promise<void> {
  if (!options.plan) {
    throw usageError('Missing --plan: a company needs a plan.', [
      'Run `atendo plans list` and pass `--plan <id or name>`.',
    ]);
  }
  let { email, password } = options;
  const missing = [email ? null : '--email', password ? null : '--password'].filter(
    (m): m is string => m !== null,
  );
  if (missing.length > 0 && !ctx.interactive) {
    throw usageError(`Missing ${missing.join(' and ')}, and there is no terminal to ask on.`, [
      `Run \`atendo companies create "${options.name}" --plan ${options.plan} --email <admin email> --password <admin password>\`.`,
    ]);
  }
  email ??= await renderPrompt(ctx, {
    message: "Admin's email:",
    validate: (v) => (emailRule.safeParse(v).success ? undefined : 'Enter a valid email.'),
  });
  password ??= await renderPrompt(ctx, {
    message: "Admin's password:",
    password: true,
    validate: (v) => (passwordRule.safeParse(v).success ? undefined : 'At least 5 characters.'),
  });

  // Check the input here (placeholder plan id) so mistakes are usage errors, before any call.
  const draft = {
    name: options.name,
    email,
    password,
    planId: 1,
    phone: options.phone,
    dueDate: options.dueDate,
    recurrence: options.recurrence,
    timezone: options.timezone,
    status: !options.inactive,
  };
  const checked = companySchema.safeParse(draft);
  if (!checked.success) {
    throw usageError(
      checked.error.issues
        .map((i) => `${FLAG_OF[String(i.path[0])] ?? `--${String(i.path[0])}`}: ${i.message}`)
        .join('; '),
    );
  }

  const session = await openSession(ctx, options.api);
  let plan: PlanView | undefined;
  let company: CompanyView | undefined;
  await renderTasks(ctx, [
    {
      title: `Finding plan ${options.plan}`,
      task: async () => void (plan = await findPlan(session, options.plan!)),
    },
    {
      title: `Creating company ${checked.data.name} and its admin`,
      task: async () => {
        company = await superCall(session, (client) =>
          client.call('companiesCreate', { body: { ...checked.data, planId: plan!.id } }),
        );
      },
    },
  ]);
  const created = company!;
  if (options.json) {
    renderJson(ctx, created);
    return;
  }
  renderSuccess(ctx, {
    headline: `Created company ${created.name} (id ${created.id}).`,
    body: [
      `Plan: ${created.plan?.name ?? plan!.name}`,
      `Admin: ${created.email ?? email}`,
      `Status: ${created.status ? 'active' : 'inactive'}`,
      `Due date: ${formatDate(created.dueDate)} (${created.recurrence ?? 'MENSAL'})`,
      `Time zone: ${created.timezone ?? DEFAULT_TIMEZONE}`,
    ],
    nextSteps: [`The admin logs in to the console as ${created.email ?? email}.`],
  });
}

/** `atendo companies create NAME --plan P --email E --password P [...]` */
export function registerCompaniesCreate(companies: Command, ctx: CliContext): void {
  withJson(
    companies
      .command('create')
      .description('create a company and its first admin')
      .argument('<name>', 'company name (unique, 2 to 50 characters)')
      .option('--plan <plan>', 'plan id or name (required)')
      .option(
        '--email <email>',
        "company email, also its first admin's login (asked for on a terminal)",
      )
      .option('--password <password>', "first admin's password (asked for, hidden, on a terminal)")
      .option('--phone <phone>', 'phone number')
      .option(
        '--due-date <date>',
        'first due date, YYYY-MM-DD (default: a 7-day trial)',
        dateOption,
      )
      .option(
        '--recurrence <recurrence>',
        `billing recurrence: ${RECURRENCES.join(', ')} (default: MENSAL)`,
        recurrenceOption,
      )
      .option('--timezone <tz>', `IANA time zone (default: ${DEFAULT_TIMEZONE})`, timeZoneOption)
      .option('--inactive', 'create it suspended'),
  ).action(async (name: string, _opts: unknown, command: Command) => {
    await createCompany(ctx, { ...optionsOf<Omit<CreateCompanyOptions, 'name'>>(command), name });
  });
}
