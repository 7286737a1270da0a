import { PLATFORM_COMPANY_ID, type CompanyView } from '@atendo/domain';
import type { CliContext } from '../../context.js';
import { CliError } from '../../errors.js';
import { openSession, superCall } from '../../session.js';
import { renderInfo, renderJson, renderSpinner, renderSuccess } from '../../ui/index.js';
import { confirmDestructive, type CommonOptions } from '../shared.js';
import { findCompany } from './find-company.js';

export interface SetCompanyStatusOptions extends CommonOptions {
  /** Company id or name. */
  company: string;
  active: boolean;
  /** Skip the confirmation of a suspension. */
  yes?: boolean;
}

/**
 * Suspends or activates a company. Idempotent: a company already in that state is left alone
 * (and nothing is asked). Suspending asks for confirmation: its users can no longer log in.
 */
export async function setCompanyStatus(
  ctx: CliContext,
  options: SetCompanyStatusOptions,
): Promise<void> {
  const session = await openSession(ctx, options.api);
  const company = await renderSpinner(ctx, `Finding company ${options.company}`, () =>
    findCompany(session, options.company),
  );
  const label = `${company.name} (id ${company.id})`;

  if (company.status === options.active) {
    if (options.json) renderJson(ctx, company);
    else
      renderInfo(ctx, {
        headline: `Company ${label} is already ${options.active ? 'active' : 'suspended'}; nothing to do.`,
      });
    return;
  }
  if (!options.active && company.id === PLATFORM_COMPANY_ID) {
    throw new CliError(`Company ${label} is the platform's own company and cannot be suspended.`);
  }
  if (!options.active) {
    await confirmDestructive(ctx, {
      question: `Suspend company ${label}? Its users will not be able to log in.`,
      yes: options.yes,
      action: `suspend company ${label}`,
      retry: `atendo companies suspend ${company.id}`,
    });
  }

  const updated: CompanyView = await renderSpinner(
    ctx,
    `${options.active ? 'Activating' : 'Suspending'} company ${company.name}`,
    () =>
      superCall(session, (client) =>
        client.call('companiesUpdate', {
          params: { id: company.id },
          body: { status: options.active },
        }),
      ),
  );
  if (options.json) {
    renderJson(ctx, updated);
    return;
  }
  renderSuccess(ctx, {
    headline: options.active ? `Activated company ${label}.` : `Suspended company ${label}.`,
    body: options.active ? ['Its users can log in again.'] : ['Its users can no longer log in.'],
    nextSteps: options.active ? [] : [`Run \`atendo companies activate ${company.id}\` to undo.`],
  });
}
