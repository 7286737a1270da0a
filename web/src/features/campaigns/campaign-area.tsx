import type { ReactNode } from 'react';
import { PlanGate } from '@/components/plan-gate';

/**
 * The campaign area's gate (spec 3 §2, §6, §8): without the plan's useCampaigns an error toast
 * and home after a second; with `adminOnly`, a profile user sees the access-denied view.
 */
export function CampaignArea({
  adminOnly = false,
  children,
}: {
  adminOnly?: boolean;
  children: ReactNode;
}) {
  return (
    <PlanGate feature="useCampaigns" adminOnly={adminOnly}>
      {children}
    </PlanGate>
  );
}
