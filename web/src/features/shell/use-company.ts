import type { PlanFlags } from '@atendo/domain';
import { useCompanyPlan } from '@/features/companies/queries';
import { useHelps } from '@/features/helps/queries';
import { useCurrentUser } from '@/lib/auth/auth-provider';

interface CompanyState {
  /** The plan's use* flags (empty until read, or when the read failed). */
  plan: Partial<PlanFlags>;
  /** Whether any help article exists. */
  hasHelps: boolean;
  /** Both reads have settled (a failure counts: the gates then use an empty plan). */
  loaded: boolean;
}

const NO_FLAGS: Partial<PlanFlags> = {};

/** What the drawer and page gates need about the user's company: its plan flags and helps. */
export function useCompany(): CompanyState {
  const { companyId } = useCurrentUser();
  const plan = useCompanyPlan(companyId);
  const helps = useHelps();
  return {
    plan: plan.data ?? NO_FLAGS,
    hasHelps: (helps.data?.length ?? 0) > 0,
    loaded: !plan.isPending && !helps.isPending,
  };
}
