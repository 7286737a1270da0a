import type { Operator } from '../../src/operator.js';

/** Reconciles an operator instance ran (all results), per controller or in total. */
export async function reconcileCount(operator: Operator, controller?: string): Promise<number> {
  const metric = await operator.metrics.reconcileTotal.get();
  return metric.values
    .filter((v) => controller === undefined || v.labels.controller === controller)
    .reduce((sum, v) => sum + v.value, 0);
}
