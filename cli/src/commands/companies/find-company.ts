import type { CompanyView } from '@atendo/domain';
import type { Session } from '../../session.js';
import { superCall } from '../../session.js';
import { CliError } from '../../errors.js';

/** Picks a company by id (digits) or exact name, ignoring case; an id wins over a numeric name. */
export function pickCompany(companies: CompanyView[], ref: string): CompanyView | undefined {
  const wanted = ref.trim();
  if (/^\d+$/.test(wanted)) {
    const byId = companies.find((c) => c.id === Number(wanted));
    if (byId) return byId;
  }
  const lower = wanted.toLowerCase();
  return companies.find((c) => c.name.toLowerCase() === lower);
}

/** Loads the companies and finds one by id or name, or fails naming what was looked for. */
export async function findCompany(session: Session, ref: string): Promise<CompanyView> {
  const companies = await superCall(session, (client) => client.call('companiesIndex'));
  const company = pickCompany(companies, ref);
  if (!company) {
    throw new CliError(`No company with id or name "${ref}".`, {
      code: 'ERR_NO_COMPANY_FOUND',
      nextSteps: ['Run `atendo companies list` to see the companies.'],
    });
  }
  return company;
}
