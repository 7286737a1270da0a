/**
 * Status conditions in the Kubernetes API convention (metav1.Condition): one entry per type,
 * lastTransitionTime changing only when the status flips, observedGeneration per condition.
 */

export type ConditionStatus = 'True' | 'False' | 'Unknown';

/** metav1.Condition. */
export interface Condition {
  type: string;
  status: ConditionStatus;
  reason: string;
  message: string;
  lastTransitionTime: string;
  observedGeneration?: number;
}

/** What a controller decides; the helper fills in lastTransitionTime. */
export interface ConditionInput {
  type: string;
  status: ConditionStatus;
  reason: string;
  message?: string;
  observedGeneration?: number;
}

/** Kubernetes time format: RFC 3339 without fractional seconds. */
export function kubeTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/**
 * Returns a new list with `input` set: lastTransitionTime is kept when the status is unchanged
 * (only reason/message/observedGeneration move), and set to `now` when it changes or is new.
 */
export function setCondition(
  conditions: readonly Condition[] | undefined,
  input: ConditionInput,
  now: Date = new Date(),
): Condition[] {
  const list = [...(conditions ?? [])];
  const index = list.findIndex((c) => c.type === input.type);
  const previous = index >= 0 ? list[index] : undefined;
  const next: Condition = {
    type: input.type,
    status: input.status,
    reason: input.reason,
    message: input.message ?? '',
    lastTransitionTime:
      previous && previous.status === input.status && previous.lastTransitionTime
        ? previous.lastTransitionTime
        : kubeTime(now),
    ...(input.observedGeneration !== undefined
      ? { observedGeneration: input.observedGeneration }
      : {}),
  };
  if (index >= 0) list[index] = next;
  else list.push(next);
  return list;
}

/** Applies several inputs in order with setCondition. */
export function setConditions(
  conditions: readonly Condition[] | undefined,
  inputs: readonly ConditionInput[],
  now: Date = new Date(),
): Condition[] {
  return inputs.reduce<Condition[]>((list, input) => setCondition(list, input, now), [
    ...(conditions ?? []),
  ]);
}

/** The condition of `type`, if present. */
export function findCondition(
  conditions: readonly Condition[] | undefined,
  type: string,
): Condition | undefined {
  return conditions?.find((c) => c.type === type);
}

/** True when the condition of `type` has status "True". */
export function isConditionTrue(conditions: readonly Condition[] | undefined, type: string): boolean {
  return findCondition(conditions, type)?.status === 'True';
}

/**
 * Deep equality for status objects, used to skip status writes that would change nothing
 * (a write bumps resourceVersion, fires a watch event and would re-trigger the reconcile).
 */
export function sameStatus(a: unknown, b: unknown): boolean {
  return stableStringify(a) === stableStringify(b);
}

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}
