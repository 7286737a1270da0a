import { companyView, type CompanyView } from '@atendo/domain';
import type { Company } from '../../db/entities/index.js';

/** A company as the api returns it, with its plan and settings when loaded. */
export function toCompanyView(c: Company): CompanyView {
  return companyView.parse({
    ...c,
    plan: c.plan ?? null,
    companieSettings: c.settings?.map((s) => ({ key: s.key, value: s.value })),
  });
}
