import type {
  V1EnvVar,
  V1OwnerReference,
  V1ResourceRequirements,
  V1StatefulSet,
} from '@kubernetes/client-node';
import type { Connection, SessionResourceList } from '../crds/connection.js';
import {
  SESSION_APP_NAME,
  configHash,
  sessionLabels,
  sessionMetadata,
  sessionName,
  sessionSelectorLabels,
} from './names.js';
import { SESSION_SECRET_KEYS } from './secret.js';
import { SESSION_PORT, SESSION_PORT_NAME } from './service.js';

/** UID/GID the session runs as (matches the session image's non-root user). */
export const SESSION_UID = 10001;

/** Requests and limits when the Connection sets none: a Baileys socket idles low, bursts on sync. */
export const DEFAULT_SESSION_RESOURCES = {
  requests: { cpu: '50m', memory: '192Mi' },
  limits: { cpu: '500m', memory: '512Mi' },
} as const;

/**
 * The session program as the session image builds it (session/dist/main.mjs, bundled from
 * session/src). Its control server answers /health for the probes and the api's calls on the
 * session port.
 */
export const SESSION_COMMAND: readonly string[] = ['node', 'session/dist/main.mjs'];

/** Options of {@link desiredSessionStatefulSet}. */
export interface SessionStatefulSetOptions {
  /** Default session image (the Connection's spec.session.image wins). */
  image: string;
  /** The api URL the session talks to; a change rolls the pod (env is read only at start). */
  apiUrl: string;
  /** 1 runs the session; 0 while the connection or its company is suspended. */
  replicas: 0 | 1;
  ownerRef?: V1OwnerReference;
  /** Container command; defaults to {@link SESSION_COMMAND}. `[]` uses the image's ENTRYPOINT/CMD. */
  command?: readonly string[];
  imagePullPolicy?: 'Always' | 'IfNotPresent' | 'Never';
  /** Pull secrets for private registries. */
  imagePullSecrets?: readonly string[];
  /** Priority class for session pods (e.g. to outrank batch work). */
  priorityClassName?: string;
}

function mergeResources(
  defaults: { cpu: string; memory: string },
  given: SessionResourceList | undefined,
): Record<string, string> {
  return {
    cpu: String(given?.cpu ?? defaults.cpu),
    memory: String(given?.memory ?? defaults.memory),
  };
}

/** Requests/limits of the session container: the Connection's, with defaults per key. */
export function sessionResources(conn: Connection): V1ResourceRequirements {
  const given = conn.spec.session?.resources;
  return {
    requests: mergeResources(DEFAULT_SESSION_RESOURCES.requests, given?.requests),
    limits: mergeResources(DEFAULT_SESSION_RESOURCES.limits, given?.limits),
  };
}

/**
 * The URL the api calls the session on: the session Service in the pod's namespace (expanded by
 * the kubelet from POD_NAMESPACE, declared before it).
 */
export function sessionAdvertiseUrl(serviceName: string): string {
  return `http://${serviceName}.$(POD_NAMESPACE).svc:${SESSION_PORT}`;
}

function secretEnv(name: string, secret: string): V1EnvVar {
  return { name, valueFrom: { secretKeyRef: { name: secret, key: name } } };
}

/**
 * The StatefulSet that runs a connection's session: one replica at most (a WhatsApp account
 * tolerates a single live socket), hardened pod, env from the session Secret.
 */
export function desiredSessionStatefulSet(
  conn: Connection,
  opts: SessionStatefulSetOptions,
): V1StatefulSet {
  const name = sessionName(conn);
  const labels = sessionLabels(conn);
  const command = opts.command ?? SESSION_COMMAND;
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: sessionMetadata(conn, opts.ownerRef),
    spec: {
      replicas: opts.replicas,
      serviceName: name,
      // One replica: ordering buys nothing, and Parallel never waits on a stuck pod to scale.
      podManagementPolicy: 'Parallel',
      revisionHistoryLimit: 3,
      updateStrategy: { type: 'RollingUpdate' },
      selector: { matchLabels: sessionSelectorLabels(conn) },
      template: {
        metadata: {
          labels,
          annotations: {
            'atendo.io/config-hash': configHash(opts.apiUrl),
            'kubectl.kubernetes.io/default-container': 'session',
          },
        },
        spec: {
          automountServiceAccountToken: false,
          // Many session Services share a namespace; their env vars would bloat every pod.
          enableServiceLinks: false,
          terminationGracePeriodSeconds: 30,
          ...(opts.priorityClassName ? { priorityClassName: opts.priorityClassName } : {}),
          ...(opts.imagePullSecrets?.length
            ? { imagePullSecrets: opts.imagePullSecrets.map((s) => ({ name: s })) }
            : {}),
          securityContext: {
            runAsNonRoot: true,
            runAsUser: SESSION_UID,
            runAsGroup: SESSION_UID,
            fsGroup: SESSION_UID,
            seccompProfile: { type: 'RuntimeDefault' },
          },
          // Sessions spread across nodes so one node loss takes down few of them.
          topologySpreadConstraints: [
            {
              maxSkew: 1,
              topologyKey: 'kubernetes.io/hostname',
              whenUnsatisfiable: 'ScheduleAnyway',
              labelSelector: { matchLabels: { 'app.kubernetes.io/name': SESSION_APP_NAME } },
            },
          ],
          containers: [
            {
              name: 'session',
              image: conn.spec.session?.image ?? opts.image,
              imagePullPolicy: opts.imagePullPolicy ?? 'IfNotPresent',
              ...(command.length > 0 ? { command: [...command] } : {}),
              ports: [{ name: SESSION_PORT_NAME, containerPort: SESSION_PORT, protocol: 'TCP' }],
              env: [
                secretEnv(SESSION_SECRET_KEYS.apiUrl, name),
                secretEnv(SESSION_SECRET_KEYS.connectionId, name),
                secretEnv(SESSION_SECRET_KEYS.token, name),
                { name: 'ATENDO_COMPANY_ID', value: String(conn.spec.companyId) },
                { name: 'ATENDO_CHANNEL', value: conn.spec.channel },
                { name: 'NODE_ENV', value: 'production' },
                // Fewer glibc malloc arenas: ~7 MB less idle RSS per session, no cost at its load.
                { name: 'MALLOC_ARENA_MAX', value: '2' },
                { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
                {
                  name: 'POD_NAMESPACE',
                  valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } },
                },
                // The control server listens on the pod's session port, and tells the api to
                // call it through the governing Service (one replica: its DNS name is the pod).
                { name: 'ATENDO_PORT', value: String(SESSION_PORT) },
                { name: 'ATENDO_HOST', value: '0.0.0.0' },
                // Inbound events wait for the api in /tmp (an emptyDir: it outlives a crashed
                // container); its media kept below the volume's limit.
                { name: 'ATENDO_SPOOL_DIR', value: '/tmp/spool' },
                { name: 'ATENDO_SPOOL_MAX_MB', value: '768' },
                { name: 'ATENDO_DRAIN_MS', value: '20000' },
                { name: 'ATENDO_ADVERTISE_URL', value: sessionAdvertiseUrl(name) },
              ],
              resources: sessionResources(conn),
              startupProbe: {
                httpGet: { path: '/health', port: SESSION_PORT_NAME },
                periodSeconds: 2,
                failureThreshold: 30,
                timeoutSeconds: 2,
              },
              livenessProbe: {
                httpGet: { path: '/health', port: SESSION_PORT_NAME },
                periodSeconds: 10,
                failureThreshold: 3,
                timeoutSeconds: 2,
              },
              readinessProbe: {
                httpGet: { path: '/health', port: SESSION_PORT_NAME },
                periodSeconds: 5,
                failureThreshold: 3,
                timeoutSeconds: 2,
              },
              securityContext: {
                allowPrivilegeEscalation: false,
                readOnlyRootFilesystem: true,
                runAsNonRoot: true,
                runAsUser: SESSION_UID,
                capabilities: { drop: ['ALL'] },
                seccompProfile: { type: 'RuntimeDefault' },
              },
              volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
            },
          ],
          volumes: [{ name: 'tmp', emptyDir: { sizeLimit: '1Gi' } }],
        },
      },
    },
  };
}

/** Only Baileys (channel whatsapp) keeps a socket and needs a session pod; the others are webhooks. */
export function needsSessionPod(conn: Pick<Connection, 'spec'>): boolean {
  return conn.spec.channel === 'whatsapp';
}
