import type { SignupInput } from '@atendo/domain';
import { useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { publicApi } from '@/lib/api';

/** Cache keys of the signup screen. */
export const signupKeys = {
  plans: ['plans', 'public'] as const,
  cnpj: (digits: string) => ['cnpj', digits] as const,
};

/** The plans a visitor may sign up for; a failure is toasted. */
export function usePublicPlans() {
  return useQuery({
    queryKey: signupKeys.plans,
    queryFn: ({ signal }) => publicApi.call('plansPublicList', { signal }),
    meta: { toastError: true, public: true },
  });
}

/** The public data of a CNPJ, read once per number. */
export function fetchCnpj(queryClient: QueryClient, digits: string) {
  return queryClient.fetchQuery({
    queryKey: signupKeys.cnpj(digits),
    queryFn: ({ signal }) => publicApi.call('consultaCnpj', { params: { cnpj: digits }, signal }),
    staleTime: Infinity,
    retry: false,
    meta: { public: true },
  });
}

/** Registers a company and its first admin; a failure is toasted. */
export function useSignup() {
  return useMutation({
    mutationFn: (values: SignupInput) => publicApi.call('signup', { body: values }),
    meta: { toastError: true },
  });
}
