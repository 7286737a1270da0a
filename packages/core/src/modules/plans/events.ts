/** The domain events the plans module publishes (docs/architecture.md#domain-events-and-listeners). */
export interface PlansEvents {
  /** A super admin created, changed or deleted a plan. */
  'plan.changed': { planId: number; action: 'create' | 'update' | 'delete' };
}
