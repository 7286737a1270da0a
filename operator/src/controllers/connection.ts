/**
 * The Connection controller. reconcile("namespace/name") reads the Connection and converges:
 * registered in the api, session Secret, StatefulSet (replicas 1, or 0 while the connection or
 * its company is suspended) and headless Service, all owned by the Connection; status from the
 * StatefulSet. On deletion the finalizer logs the session out in the api before the owned
 * objects are garbage-collected. Every step decides from current state, so running it again
 * changes nothing.
 */
import {
  connectionIdOf,
  connectionOwnerReference,
  desiredSessionSecret,
  desiredSessionService,
  desiredSessionStatefulSet,
  needsSessionPod,
  sessionName,
  SESSION_SECRET_KEYS,
  type Connection,
  type ConnectionStatus,
} from '@atendo/cdk8s';
import type { V1OwnerReference, V1Secret, V1Service, V1StatefulSet } from '@kubernetes/client-node';
import type { Logger } from 'pino';
import { ApiError, type InternalApiClient } from '../atendo-api/internal-api-client.js';
import { sameStatus } from '../kube/conditions.js';
import type { Reconciler, ReconcileResult } from '../kube/controller.js';
import { describeError, kubeStatusCode } from '../kube/errors.js';
import type { EventRecorder } from '../kube/events.js';
import { ensureFinalizer, isBeingDeleted, removeFinalizer, hasFinalizer } from '../kube/finalizers.js';
import { parseKey } from '../kube/keys.js';
import type { CustomResourceClient, ObjectApplier } from '../kube/resources.js';
import {
  connectionStatus,
  degradedConnectionStatus,
  type ConnectionObservation,
  type SuspendedBy,
} from './connection-status.js';

/** Holds a Connection until its session was logged out in the api. */
export const SESSION_LOGOUT_FINALIZER = 'atendo.io/session-logout';

/** Session pod settings from the operator's config. */
export interface SessionSettings {
  /** Default session image (spec.session.image wins). */
  image: string;
  /** api URL the session pod talks to. */
  apiUrl: string;
  /** Container command; undefined = the cdk8s placeholder, [] = the image's ENTRYPOINT. */
  command?: readonly string[];
}

export interface ConnectionReconcilerDeps {
  connections: CustomResourceClient<Connection>;
  objects: ObjectApplier;
  api: InternalApiClient;
  events: EventRecorder;
  logger: Logger;
  session: SessionSettings;
}

/** Reconciles Connection resources into session workloads. */
export class ConnectionReconciler implements Reconciler {
  readonly name = 'connection';

  constructor(private readonly deps: ConnectionReconcilerDeps) {}

  async reconcile(key: string): Promise<ReconcileResult | void> {
    const { namespace, name } = parseKey(key);
    const found = await this.deps.connections.get(name, namespace);
    // Gone: the owned StatefulSet, Service and Secret go with it (ownerReferences).
    if (!found) return;
    const log = this.deps.logger.child({ controller: this.name, namespace, name });

    if (isBeingDeleted(found)) return this.finalize(found, log);

    const { object: conn, added } = await ensureFinalizer(
      this.deps.connections,
      found,
      SESSION_LOGOUT_FINALIZER,
    );
    if (added) log.info({ finalizer: SESSION_LOGOUT_FINALIZER }, 'Added finalizer');

    try {
      await this.sync(conn, log);
    } catch (err) {
      await this.reportDegraded(conn, err, log);
      throw err;
    }
  }

  private async sync(initial: Connection, log: Logger): Promise<void> {
    const conn = await this.ensureRegistered(initial, log);
    const companyId = conn.spec.companyId;
    const company = await this.deps.api.getCompany(companyId);
    const suspendedBy: SuspendedBy = conn.spec.suspended
      ? 'connection'
      : !company.status
        ? 'company'
        : undefined;

    let observation: ConnectionObservation;
    if (needsSessionPod(conn)) {
      const ownerRef = connectionOwnerReference(conn);
      await this.ensureSecret(conn, ownerRef, log);
      await this.ensureService(conn, ownerRef, log);
      const statefulSet = await this.ensureStatefulSet(conn, ownerRef, suspendedBy, log);
      observation = { kind: 'session', statefulSet, suspendedBy, companyId };
    } else {
      observation = { kind: 'webhook', suspendedBy, companyId };
    }
    await this.writeStatus(conn, connectionStatus(conn, observation), log);
  }

  /** Registers the connection in the api unless it already has an id (spec or status). */
  private async ensureRegistered(conn: Connection, log: Logger): Promise<Connection> {
    const existing = connectionIdOf(conn);
    if (existing !== undefined) return conn;
    const id = await this.deps.api.registerConnection({
      companyId: conn.spec.companyId,
      resourceName: conn.metadata.name ?? '',
      displayName: conn.spec.displayName,
      channel: conn.spec.channel,
    });
    // Recorded at once: the id is what every later step (Secret, logout) keys on.
    const updated = await this.deps.connections.patchStatus(conn, {
      connectionId: id,
      phase: conn.status?.phase ?? 'Pending',
    });
    log.info({ connectionId: id }, 'Registered connection in the api');
    await this.deps.events.record(conn, 'Normal', 'Registered', `Registered in the api as connection ${id}`);
    return updated;
  }

  /**
   * The session Secret. A token is issued by the api only when the Secret does not exist yet (or
   * lost its token); otherwise the stored token is kept, so reconciling never rotates it.
   */
  private async ensureSecret(conn: Connection, ownerRef: V1OwnerReference, log: Logger): Promise<void> {
    const name = sessionName(conn);
    const namespace = conn.metadata.namespace;
    const existing = await this.deps.objects.read<V1Secret>({ apiVersion: 'v1', kind: 'Secret', name, namespace });
    let token = decodeSecretValue(existing?.data?.[SESSION_SECRET_KEYS.token]);
    if (!token) {
      const connectionId = connectionIdOf(conn) as number;
      token = await this.deps.api.issueSessionCredentials(connectionId);
      log.info({ connectionId }, 'Issued session credentials');
    }
    const desired = desiredSessionSecret(conn, { apiUrl: this.deps.session.apiUrl, token, ownerRef });
    await this.deps.objects.apply(withEncodedData(desired));
    if (!existing) {
      log.info({ kind: 'Secret', secret: name }, 'Created Secret');
      await this.deps.events.record(conn, 'Normal', 'Created', `Created Secret ${name}`);
    }
  }

  private async ensureService(conn: Connection, ownerRef: V1OwnerReference, log: Logger): Promise<void> {
    const desired = desiredSessionService(conn, ownerRef);
    const name = desired.metadata?.name ?? '';
    const existing = await this.deps.objects.read<V1Service>({
      apiVersion: 'v1',
      kind: 'Service',
      name,
      namespace: conn.metadata.namespace,
    });
    await this.deps.objects.apply(desired);
    if (!existing) {
      log.info({ kind: 'Service', service: name }, 'Created Service');
      await this.deps.events.record(conn, 'Normal', 'Created', `Created Service ${name}`);
    }
  }

  private async ensureStatefulSet(
    conn: Connection,
    ownerRef: V1OwnerReference,
    suspendedBy: SuspendedBy,
    log: Logger,
  ): Promise<V1StatefulSet> {
    const replicas = suspendedBy ? 0 : 1;
    const desired = desiredSessionStatefulSet(conn, {
      image: this.deps.session.image,
      apiUrl: this.deps.session.apiUrl,
      replicas,
      ownerRef,
      ...(this.deps.session.command ? { command: this.deps.session.command } : {}),
    });
    const name = desired.metadata?.name ?? '';
    const existing = await this.deps.objects.read<V1StatefulSet>({
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      name,
      namespace: conn.metadata.namespace,
    });
    const applied = await this.deps.objects.apply(desired);
    if (!existing) {
      log.info({ kind: 'StatefulSet', statefulSet: name, replicas }, 'Created StatefulSet');
      await this.deps.events.record(conn, 'Normal', 'Created', `Created StatefulSet ${name} with ${replicas} replica(s)`);
    } else if ((existing.spec?.replicas ?? 1) !== replicas) {
      const why = suspendedBy === 'connection' ? 'connection suspended' : suspendedBy === 'company' ? 'company inactive' : 'resumed';
      log.info({ kind: 'StatefulSet', statefulSet: name, replicas, why }, replicas === 0 ? 'Suspended session' : 'Resumed session');
      await this.deps.events.record(
        conn,
        'Normal',
        replicas === 0 ? 'Suspended' : 'Resumed',
        `Scaled StatefulSet ${name} to ${replicas} (${why})`,
      );
    }
    return applied;
  }

  /** Deletion: log the session out in the api, then let the object go. */
  private async finalize(conn: Connection, log: Logger): Promise<void> {
    if (!hasFinalizer(conn, SESSION_LOGOUT_FINALIZER)) return;
    let current = conn;
    if (current.status?.phase !== 'Terminating') {
      current = await this.deps.connections.patchStatus(current, { phase: 'Terminating' });
    }
    const connectionId = connectionIdOf(current);
    if (connectionId !== undefined) {
      try {
        await this.deps.api.logoutConnection(connectionId);
      } catch (err) {
        // The api no longer knows the connection: nothing left to log out.
        if (!(err instanceof ApiError && err.status === 404)) {
          await this.deps.events.record(current, 'Warning', 'LogoutFailed', `Session logout failed: ${describeError(err)}`);
          throw err;
        }
      }
      log.info({ connectionId }, 'Logged session out');
      await this.deps.events.record(current, 'Normal', 'LoggedOut', `Logged the session of connection ${connectionId} out`);
    }
    await removeFinalizer(this.deps.connections, current, SESSION_LOGOUT_FINALIZER);
    log.info({ finalizer: SESSION_LOGOUT_FINALIZER }, 'Removed finalizer');
  }

  private async writeStatus(conn: Connection, status: ConnectionStatus, log: Logger): Promise<void> {
    if (sameStatus(conn.status ?? {}, status)) return;
    await this.deps.connections.patchStatus(conn, status);
    log.info({ phase: status.phase, ready: status.ready }, 'Updated status');
  }

  /** Best effort: the error is rethrown for the queue's backoff either way. */
  private async reportDegraded(conn: Connection, err: unknown, log: Logger): Promise<void> {
    const reason = degradedReason(err);
    const message = describeError(err);
    try {
      const fresh = (await this.deps.connections.get(conn.metadata.name ?? '', conn.metadata.namespace)) ?? conn;
      await this.writeStatus(fresh, degradedConnectionStatus(fresh, reason, message), log);
      await this.deps.events.record(fresh, 'Warning', reason, message);
    } catch (statusErr) {
      log.warn({ err: describeError(statusErr) }, 'Could not report Degraded status');
    }
  }
}

function degradedReason(err: unknown): string {
  if (err instanceof ApiError) return err.status >= 500 ? 'ApiUnavailable' : 'ApiRejected';
  if (kubeStatusCode(err) !== undefined) return 'KubeApiError';
  if (err instanceof TypeError || (err as Error | null)?.name === 'TimeoutError') return 'ApiUnavailable';
  return 'ReconcileError';
}

function decodeSecretValue(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  return decoded || undefined;
}

/**
 * stringData is write-only and converted by the API server after apply, so applying it would
 * leave field ownership on a field that is never stored; apply `data` instead.
 */
function withEncodedData(secret: V1Secret): V1Secret {
  const { stringData, ...rest } = secret;
  const data: Record<string, string> = { ...(secret.data ?? {}) };
  for (const [key, value] of Object.entries(stringData ?? {})) {
    data[key] = Buffer.from(value, 'utf8').toString('base64');
  }
  return { ...rest, data };
}
