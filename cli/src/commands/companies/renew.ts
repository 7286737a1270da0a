import type { Command } from 'commander';
import {
  isSubscriptionExpired,
  RECURRENCE_MONTHS,
  type CompanyView,
  type Recurrence,
} from '@atendo/domain';
import type { CliContext } from '../../context.js';
import { usageError } from '../../errors.js';
import { addMonths, companyToday, formatDate } from '../../format.js';
import { openSession, superCall } from '../../session.js';
import { renderJson, renderSpinner, renderSuccess, renderWarning } from '../../ui/index.js';
import { optionsOf, positiveNumber, withJson, type CommonOptions } from '../shared.js';
import { findCompany } from './find-company.js';

export interface RenewCompanyOptions extends CommonOptions {
  /** Company id or name. */
  company: string;
  /** Months to add instead of the company's recurrence. */
  months?: number;
  /** Count from today rather than from the current due date (a long-lapsed subscription). */
  fromToday?: boolean;
  /** For tests: what today is. */
  now?: Date;
}

/** What a renewal changes: the due date before and after, and by how many months. */
export interface Renewal {
  previousDueDate: string | null;
  dueDate: string;
  months: number;
}

/**
 * The renewal of a company: its due date advanced by its recurrence (or `months`), counted from
 * the current due date as the console's renew button does, or from today when there is none.
 */
export function planRenewal(
  company: Pick<CompanyView, 'dueDate' | 'recurrence'>,
  options: { months?: number; fromToday?: boolean; today: string },
): Renewal | { error: string } {
  const months = options.months ?? RECURRENCE_MONTHS[company.recurrence as Recurrence];
  if (!months) return { error: `it has no known recurrence (${company.recurrence ?? 'none'})` };
  const previous = company.dueDate ? formatDate(company.dueDate) : null;
  const from = options.fromToday || !previous ? options.today : previous;
  return { previousDueDate: previous, dueDate: addMonths(from, months), months };
}

/** Advances a company's due date by its recurrence (or --months) (super admin). */
export async function renewCompany(ctx: CliContext, options: RenewCompanyOptions): Promise<void> {
  const session = await openSession(ctx, options.api);
  const company = await renderSpinner(ctx, `Finding company ${options.company}`, () =>
    findCompany(session, options.company),
  );
  const label = `${company.name} (id ${company.id})`;
  const today = companyToday(company, options.now);
  const renewal = planRenewal(company, {
    months: options.months,
    fromToday: options.fromToday,
    today,
  });
  if ('error' in renewal) {
    throw usageError(`Cannot renew company ${label}: ${renewal.error}.`, [
      `Pass --months N, e.g. \`atendo companies renew ${company.id} --months 1\`.`,
    ]);
  }

  const updated = await renderSpinner(
    ctx,
    `Renewing company ${company.name} until ${renewal.dueDate}`,
    () =>
      superCall(session, (client) =>
        client.call('companiesUpdate', {
          params: { id: company.id },
          body: { dueDate: renewal.dueDate },
        }),
      ),
  );
  const stillDue = isSubscriptionExpired(renewal.dueDate, today);
  if (stillDue) {
    renderWarning(ctx, {
      headline: `The new due date ${renewal.dueDate} of company ${label} is still in the past.`,
      nextSteps: [`Run \`atendo companies renew ${company.id} --from-today\` to count from today.`],
    });
  }
  if (options.json) {
    renderJson(ctx, { ...renewal, company: updated });
    return;
  }
  const unit = renewal.months === 1 ? 'month' : 'months';
  const by = options.months
    ? `${renewal.months} ${unit}`
    : `${company.recurrence}, ${renewal.months} ${unit}`;
  renderSuccess(ctx, {
    headline: `Renewed company ${label} until ${formatDate(updated.dueDate ?? renewal.dueDate)}.`,
    body: [`Due date: ${renewal.previousDueDate ?? 'none'} → ${renewal.dueDate} (${by})`],
    nextSteps: updated.status
      ? []
      : [`The company is still suspended: run \`atendo companies activate ${company.id}\`.`],
  });
}

/** `atendo companies renew <company> [--months N] [--from-today] [--json]` */
export function registerCompaniesRenew(companies: Command, ctx: CliContext): void {
  withJson(
    companies
      .command('renew')
      .description("advance a company's due date by its recurrence (MENSAL 1 month … ANUAL 12)")
      .argument('<company>', 'company id or name')
      .option('--months <n>', "months to add instead of the company's recurrence", positiveNumber)
      .option(
        '--from-today',
        'count from today instead of the current due date (for a long-lapsed subscription)',
      ),
  ).action(async (company: string, _opts: unknown, command: Command) => {
    await renewCompany(ctx, {
      ...optionsOf<{ months?: number; fromToday?: boolean }>(command),
      company,
    });
  });
}
