import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Cache keys of the companies feature. */
export const companyKeys = {
  all: ['companies'] as const,
  plan: (companyId: number) => [...companyKeys.all, 'plan', companyId] as const,
};

/** The company's plan (its use* flags gate drawer entries and pages). */
export function useCompanyPlan(companyId: number) {
  return useQuery({
    queryKey: companyKeys.plan(companyId),
    queryFn: ({ signal }) => api.call('companiesListPlan', { params: { id: companyId }, signal }),
    select: (data) => data.plan,
  });
}
