import type { Connection } from '@atendo/cdk8s';
import type { V1StatefulSet } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { sameStatus } from '../kube/conditions.js';
import { connectionStatus, degradedConnectionStatus, statefulSetReady } from './connection-status.js';

const t0 = new Date('2025-03-01T12:00:00Z');
const t1 = new Date('2025-03-01T12:05:00Z');

function conn(status?: Connection['status']): Connection {
  return {
    apiVersion: 'atendo.io/v1alpha1',
    kind: 'Connection',
    metadata: { name: 'support', namespace: 'ns', generation: 3, uid: 'u1' },
    spec: { companyId: 7, channel: 'whatsapp', displayName: 'Support' },
    ...(status ? { status } : {}),
  };
}

function sts(replicas: number, readyReplicas: number, observedGeneration = 2): V1StatefulSet {
  return {
    metadata: { name: 'session-support', generation: 2 },
    spec: { replicas, selector: {}, serviceName: 'session-support', template: {} },
    status: { replicas, readyReplicas, observedGeneration },
  };
}

const types = (s: Connection['status']) => Object.fromEntries((s?.conditions ?? []).map((c) => [c.type, `${c.status}/${c.reason}`]));

describe('statefulSetReady', () => {
  it('needs a ready replica observed at the current generation', () => {
    expect(statefulSetReady(sts(1, 1))).toBe(true);
    expect(statefulSetReady(sts(1, 0))).toBe(false);
    expect(statefulSetReady(sts(1, 1, 1))).toBe(false); // status predates the spec
    expect(statefulSetReady(sts(0, 1))).toBe(false); // scaled down
  });
});

describe('connectionStatus', () => {
  it('Running and Ready when the session pod is ready', () => {
    const status = connectionStatus(conn({ connectionId: 12 }), { kind: 'session', statefulSet: sts(1, 1), suspendedBy: undefined, companyId: 7 }, t0);
    expect(status).toMatchObject({ connectionId: 12, phase: 'Running', ready: true, observedGeneration: 3 });
    expect(types(status)).toEqual({ Ready: 'True/SessionReady', SessionRunning: 'True/PodReady', Degraded: 'False/AsExpected' });
    expect(status.conditions?.every((c) => c.observedGeneration === 3)).toBe(true);
  });

  it('Starting while the pod is not ready', () => {
    const status = connectionStatus(conn(), { kind: 'session', statefulSet: sts(1, 0), suspendedBy: undefined, companyId: 7 }, t0);
    expect(status.phase).toBe('Starting');
    expect(types(status)).toMatchObject({ Ready: 'False/SessionStarting', SessionRunning: 'False/PodNotReady' });
  });

  it('Suspended with the reason of the suspension', () => {
    const byConn = connectionStatus(conn(), { kind: 'session', statefulSet: sts(0, 0), suspendedBy: 'connection', companyId: 7 }, t0);
    expect(byConn.phase).toBe('Suspended');
    expect(types(byConn).Ready).toBe('False/Suspended');
    const byCompany = connectionStatus(conn(), { kind: 'session', statefulSet: sts(0, 0), suspendedBy: 'company', companyId: 7 }, t0);
    expect(types(byCompany).Ready).toBe('False/CompanyInactive');
    expect(byCompany.conditions?.find((c) => c.type === 'Ready')?.message).toContain('Company 7');
  });

  it('webhook channels need no session pod', () => {
    const status = connectionStatus(conn(), { kind: 'webhook', suspendedBy: undefined, companyId: 7 }, t0);
    expect(status.phase).toBe('Running');
    expect(types(status)).toMatchObject({ Ready: 'True/Registered', SessionRunning: 'False/NotRequired' });
  });

  it('recomputing an unchanged state yields an equal status (no write, no hot loop)', () => {
    const observation = { kind: 'session' as const, statefulSet: sts(1, 1), suspendedBy: undefined, companyId: 7 };
    const first = connectionStatus(conn(), observation, t0);
    const second = connectionStatus(conn(first), observation, t1);
    expect(sameStatus(first, second)).toBe(true);
  });

  it('Degraded keeps Ready as observed and clears when the next reconcile succeeds', () => {
    const running = connectionStatus(conn(), { kind: 'session', statefulSet: sts(1, 1), suspendedBy: undefined, companyId: 7 }, t0);
    const degraded = degradedConnectionStatus(conn(running), 'ApiUnavailable', 'internal api answered 503', t1);
    expect(degraded.phase).toBe('Degraded');
    expect(degraded.ready).toBe(true);
    expect(types(degraded)).toMatchObject({ Ready: 'True/SessionReady', Degraded: 'True/ApiUnavailable' });
    const recovered = connectionStatus(conn(degraded), { kind: 'session', statefulSet: sts(1, 1), suspendedBy: undefined, companyId: 7 }, t1);
    expect(recovered.phase).toBe('Running');
    expect(recovered.conditions?.find((c) => c.type === 'Ready')?.lastTransitionTime).toBe('2025-03-01T12:00:00Z');
    expect(recovered.conditions?.find((c) => c.type === 'Degraded')?.lastTransitionTime).toBe('2025-03-01T12:05:00Z');
  });
});
