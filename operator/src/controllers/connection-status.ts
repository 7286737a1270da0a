/**
 * Pure status computation for a Connection, from what the reconcile observed: the StatefulSet
 * as stored (or no session needed), why it is scaled to zero, or the error that stopped it.
 */
import type { Connection, ConnectionStatus } from '@atendo/cdk8s';
import type { V1StatefulSet } from '@kubernetes/client-node';
import { setConditions, type ConditionInput } from '../kube/conditions.js';

/** Why a session is scaled to zero, if it is. */
export type SuspendedBy = 'connection' | 'company' | undefined;

/** True when the StatefulSet's controller has seen its current spec and reports a ready pod. */
export function statefulSetReady(sts: V1StatefulSet): boolean {
  const generation = sts.metadata?.generation;
  const observed = sts.status?.observedGeneration;
  const current = generation === undefined || observed === undefined || observed >= generation;
  return current && (sts.spec?.replicas ?? 0) >= 1 && (sts.status?.readyReplicas ?? 0) >= 1;
}

/** What the reconcile saw. */
export type ConnectionObservation =
  | { kind: 'session'; statefulSet: V1StatefulSet; suspendedBy: SuspendedBy; companyId: number }
  | { kind: 'webhook'; suspendedBy: SuspendedBy; companyId: number };

/** The full desired status of `conn` for `observation` (conditions keep transition times). */
export function connectionStatus(
  conn: Connection,
  observation: ConnectionObservation,
  now: Date = new Date(),
): ConnectionStatus {
  const generation = conn.metadata.generation;
  const connectionId = conn.spec.connectionId ?? conn.status?.connectionId;
  const c = (input: Omit<ConditionInput, 'observedGeneration'>): ConditionInput => ({
    ...input,
    observedGeneration: generation,
  });
  const notDegraded = c({ type: 'Degraded', status: 'False', reason: 'AsExpected', message: '' });

  let phase: NonNullable<ConnectionStatus['phase']>;
  let inputs: ConditionInput[];
  if (observation.suspendedBy) {
    const message =
      observation.suspendedBy === 'connection'
        ? 'The connection is suspended (spec.suspended); its session is scaled to 0.'
        : `Company ${observation.companyId} is inactive; its sessions are scaled to 0.`;
    const reason = observation.suspendedBy === 'connection' ? 'Suspended' : 'CompanyInactive';
    phase = 'Suspended';
    inputs = [
      c({ type: 'Ready', status: 'False', reason, message }),
      c({ type: 'SessionRunning', status: 'False', reason, message }),
      notDegraded,
    ];
  } else if (observation.kind === 'webhook') {
    const message = `Channel ${conn.spec.channel} is served by the api's webhooks; no session pod is needed.`;
    phase = 'Running';
    inputs = [
      c({ type: 'Ready', status: 'True', reason: 'Registered', message }),
      c({ type: 'SessionRunning', status: 'False', reason: 'NotRequired', message }),
      notDegraded,
    ];
  } else if (statefulSetReady(observation.statefulSet)) {
    const name = observation.statefulSet.metadata?.name ?? '';
    phase = 'Running';
    inputs = [
      c({ type: 'Ready', status: 'True', reason: 'SessionReady', message: `StatefulSet ${name} has a ready session pod.` }),
      c({ type: 'SessionRunning', status: 'True', reason: 'PodReady', message: `StatefulSet ${name} has 1/1 ready replicas.` }),
      notDegraded,
    ];
  } else {
    const sts = observation.statefulSet;
    const name = sts.metadata?.name ?? '';
    const message = `Waiting for StatefulSet ${name} to have a ready session pod (${sts.status?.readyReplicas ?? 0}/1 ready).`;
    phase = 'Starting';
    inputs = [
      c({ type: 'Ready', status: 'False', reason: 'SessionStarting', message }),
      c({ type: 'SessionRunning', status: 'False', reason: 'PodNotReady', message }),
      notDegraded,
    ];
  }

  const conditions = setConditions(conn.status?.conditions, inputs, now);
  return {
    ...(connectionId !== undefined ? { connectionId } : {}),
    phase,
    ready: conditions.find((x) => x.type === 'Ready')?.status === 'True',
    ...(generation !== undefined ? { observedGeneration: generation } : {}),
    conditions,
  };
}

/**
 * The status after a failed reconcile: Degraded with the reason and message, phase Degraded;
 * Ready and SessionRunning stay as last observed (an api outage does not stop a running session).
 */
export function degradedConnectionStatus(
  conn: Connection,
  reason: string,
  message: string,
  now: Date = new Date(),
): ConnectionStatus {
  const generation = conn.metadata.generation;
  const conditions = setConditions(
    conn.status?.conditions,
    [{ type: 'Degraded', status: 'True', reason, message: message.slice(0, 1024), observedGeneration: generation }],
    now,
  );
  return {
    ...conn.status,
    phase: 'Degraded',
    ready: conn.status?.ready ?? false,
    conditions,
  };
}
