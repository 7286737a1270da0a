import type { PlanFlags } from '@atendo/domain';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { api } from '@/lib/api';

interface CompanyState {
  /** The plan's use* flags (empty until read, or when the read failed). */
  plan: Partial<PlanFlags>;
  /** Whether any help article exists. */
  hasHelps: boolean;
  loaded: boolean;
}

const CompanyContext = createContext<CompanyState>({ plan: {}, hasHelps: false, loaded: false });

/** Reads what the drawer and page gates need about the company: its plan flags and helps. */
export function CompanyProvider({
  companyId,
  children,
}: {
  companyId: number;
  children: ReactNode;
}) {
  const [state, setState] = useState<CompanyState>({ plan: {}, hasHelps: false, loaded: false });

  useEffect(() => {
    let live = true;
    void Promise.allSettled([
      api.call('companiesListPlan', { params: { id: companyId } }),
      api.call('helpsList'),
    ]).then(([plan, helps]) => {
      if (!live) return;
      setState({
        plan: plan.status === 'fulfilled' ? plan.value.plan : {},
        hasHelps: helps.status === 'fulfilled' && helps.value.length > 0,
        loaded: true,
      });
    });
    return () => {
      live = false;
    };
  }, [companyId]);

  return <CompanyContext.Provider value={state}>{children}</CompanyContext.Provider>;
}

/** The company's plan flags and whether helps exist. */
export function useCompany(): CompanyState {
  return useContext(CompanyContext);
}
