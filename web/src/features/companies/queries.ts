import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Cache keys of the companies feature. */
export const companyKeys = {
  all: ['companies'] as const,
  plan: (companyId: number) => [...companyKeys.all, 'plan', companyId] as const,
  /** Every company with its plan (the super admin's companies page). */
  list: () => [...companyKeys.all, 'list'] as const,
};

/** The company's plan (its use* flags gate drawer entries and pages). */
export function useCompanyPlan(companyId: number) {
  return useQuery({
    queryKey: companyKeys.plan(companyId),
    queryFn: ({ signal }) => api.call('companiesListPlan', { params: { id: companyId }, signal }),
    select: (data) => data.plan,
  });
}

/**
 * Every company with its plan, usage and storage (super admin). A platform has few enough
 * companies that the table searches, sorts and pages them in the browser.
 */
export function useCompaniesList(enabled = true) {
  return useQuery({
    queryKey: companyKeys.list(),
    queryFn: ({ signal }) => api.call('companiesIndex', { signal }),
    enabled,
  });
}
