import type { ReactNode } from 'react';
import { PlanGate } from '@/components/plan-gate';

/**
 * The campaign area's gate (docs/product/campaigns.md, docs/product/overview.md#module-routes-and-gating, docs/product/errors.md#console-messages): without the plan's useCampaigns an error toast
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
