import { createBillingActivities, type BillingDependencies } from './billing/activities.js';

/** Everything the activities of every process need. */
export type ActivityDependencies = BillingDependencies;

/** Every activity the worker registers, built over its dependencies. */
export function createActivities(deps: ActivityDependencies) {
  return {
    ...createBillingActivities(deps),
  };
}
