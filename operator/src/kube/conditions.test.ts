import { describe, expect, it } from 'vitest';
import { findCondition, kubeTime, sameStatus, setCondition, setConditions } from './conditions.js';

const t0 = new Date('2025-01-01T10:00:00.123Z');
const t1 = new Date('2025-01-01T11:00:00Z');

describe('setCondition', () => {
  it('adds a new condition with lastTransitionTime = now (no fractional seconds)', () => {
    const list = setCondition(undefined, { type: 'Ready', status: 'False', reason: 'Starting' }, t0);
    expect(list).toEqual([
      { type: 'Ready', status: 'False', reason: 'Starting', message: '', lastTransitionTime: '2025-01-01T10:00:00Z' },
    ]);
    expect(kubeTime(t0)).toBe('2025-01-01T10:00:00Z');
  });

  it('keeps lastTransitionTime when the status does not change, but updates reason and message', () => {
    const first = setCondition([], { type: 'Ready', status: 'False', reason: 'Starting', message: 'a' }, t0);
    const second = setCondition(first, { type: 'Ready', status: 'False', reason: 'Waiting', message: 'b', observedGeneration: 2 }, t1);
    expect(second[0]).toMatchObject({
      reason: 'Waiting',
      message: 'b',
      observedGeneration: 2,
      lastTransitionTime: '2025-01-01T10:00:00Z',
    });
  });

  it('moves lastTransitionTime when the status flips', () => {
    const first = setCondition([], { type: 'Ready', status: 'False', reason: 'Starting' }, t0);
    const second = setCondition(first, { type: 'Ready', status: 'True', reason: 'Ready' }, t1);
    expect(second[0]?.lastTransitionTime).toBe('2025-01-01T11:00:00Z');
  });

  it('replaces in place, keeps other types, and does not mutate its input', () => {
    const base = setConditions([], [
      { type: 'Ready', status: 'False', reason: 'A' },
      { type: 'Degraded', status: 'False', reason: 'B' },
    ], t0);
    const frozen = structuredClone(base);
    const next = setCondition(base, { type: 'Ready', status: 'True', reason: 'C' }, t1);
    expect(base).toEqual(frozen);
    expect(next.map((c) => c.type)).toEqual(['Ready', 'Degraded']);
    expect(findCondition(next, 'Degraded')?.lastTransitionTime).toBe('2025-01-01T10:00:00Z');
  });

  it('is idempotent: recomputing an unchanged status compares equal (no status write)', () => {
    const inputs = [
      { type: 'Ready', status: 'True' as const, reason: 'SessionReady', observedGeneration: 3 },
      { type: 'Degraded', status: 'False' as const, reason: 'AsExpected', observedGeneration: 3 },
    ];
    const once = { phase: 'Running', conditions: setConditions([], inputs, t0) };
    const twice = { phase: 'Running', conditions: setConditions(once.conditions, inputs, t1) };
    expect(sameStatus(once, twice)).toBe(true);
    expect(sameStatus({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameStatus({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(sameStatus({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
  });
});
