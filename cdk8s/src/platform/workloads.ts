import type { V1Container, V1Deployment, V1Service, V1Volume } from '@kubernetes/client-node';
import {
  componentMetadata,
  componentName,
  fieldEnv,
  hardenedContainerSecurityContext,
  hardenedPodSecurityContext,
  secretEnv,
  selectorLabels,
  type Component,
} from './common.js';
import type { PlatformConfig } from './config.js';

/** Port every HTTP-serving platform container listens on (named `http`). */
export const HTTP_PORT = 8080;
/**
 * The uploads volume, shared by the api and the worker (campaign and schedule attachments):
 * public media under UPLOAD_DIR, each company's private media (message files) beside it.
 */
export const DATA_PATH = '/data';
/** Where public uploads live (UPLOAD_DIR); private ones go to `/data/private` beside it. */
export const UPLOADS_PATH = '/data/uploads';
/** Where the api image holds the built console it serves (CONSOLE_DIR; e2e/kind/Dockerfile.api). */
export const CONSOLE_PATH = '/app/console';

type Env = NonNullable<V1Container['env']>;

/** In-cluster URL of the api (what the operator and sessions call). */
export function apiInternalUrl(cfg: PlatformConfig): string {
  return `http://${componentName(cfg, 'api')}.${cfg.namespace}.svc.cluster.local:${HTTP_PORT}`;
}

function authEnv(cfg: PlatformConfig, keys: string[]): Env {
  return keys.map((k) => secretEnv(k, cfg.authSecret));
}

/** The environment of a component (config via env; credentials from existing Secrets). */
export function componentEnv(cfg: PlatformConfig, c: Component): Env {
  const database = secretEnv('DATABASE_URL', cfg.databaseSecret.name, cfg.databaseSecret.key);
  const common: Env = [
    { name: 'NODE_ENV', value: 'production' },
    { name: 'LOG_LEVEL', value: cfg.logLevel },
  ];
  switch (c) {
    case 'api':
      return [
        ...common,
        { name: 'PORT', value: String(HTTP_PORT) },
        { name: 'SESSION_RUNTIME', value: 'kubernetes' },
        fieldEnv('KUBERNETES_NAMESPACE', 'metadata.namespace'),
        { name: 'TEMPORAL_ADDRESS', value: cfg.temporal.address },
        { name: 'TEMPORAL_NAMESPACE', value: cfg.temporal.namespace },
        { name: 'FRONTEND_URL', value: cfg.frontendUrl },
        { name: 'CORS_ORIGINS', value: cfg.frontendUrl },
        { name: 'TRUST_PROXY', value: cfg.trustProxy },
        { name: 'ADMIN_EMAIL', value: cfg.adminEmail },
        { name: 'DATA_DIR', value: '/tmp/atendo' },
        { name: 'UPLOAD_DIR', value: UPLOADS_PATH },
        { name: 'CONSOLE_DIR', value: CONSOLE_PATH },
        { name: 'MIGRATE_ON_START', value: 'true' },
        database,
        ...(cfg.databaseSecret.migrationKey
          ? [
              secretEnv(
                'MIGRATION_DATABASE_URL',
                cfg.databaseSecret.name,
                cfg.databaseSecret.migrationKey,
              ),
            ]
          : []),
        ...authEnv(cfg, ['JWT_SECRET', 'JWT_REFRESH_SECRET', 'INTERNAL_TOKEN', 'ADMIN_PASSWORD']),
      ];
    case 'worker':
      // The worker runs the api's use cases: same uploads and the secret that opens the keys
      // the api keeps for each session's control server (sends go straight to the session).
      return [
        ...common,
        { name: 'TEMPORAL_ADDRESS', value: cfg.temporal.address },
        { name: 'TEMPORAL_NAMESPACE', value: cfg.temporal.namespace },
        { name: 'DATA_DIR', value: '/tmp/atendo' },
        { name: 'UPLOAD_DIR', value: UPLOADS_PATH },
        database,
        ...authEnv(cfg, ['JWT_SECRET']),
      ];
    case 'operator':
      return [
        ...common,
        { name: 'PORT', value: String(HTTP_PORT) },
        { name: 'API_URL', value: apiInternalUrl(cfg) },
        { name: 'SESSION_IMAGE', value: cfg.operator.sessionImage },
        // Watches and leases in its own namespace: its Role covers only that one.
        fieldEnv('NAMESPACE', 'metadata.namespace'),
        fieldEnv('POD_NAMESPACE', 'metadata.namespace'),
        fieldEnv('POD_NAME', 'metadata.name'),
        ...authEnv(cfg, ['INTERNAL_TOKEN']),
      ];
  }
}

/** Liveness/readiness paths; the worker serves no HTTP (Temporal sees it through its polls). */
const PROBES: Record<Component, { live: string; ready: string } | undefined> = {
  api: { live: '/health', ready: '/health' },
  worker: undefined,
  operator: { live: '/healthz', ready: '/readyz' },
};

function volumes(
  cfg: PlatformConfig,
  c: Component,
): { volumes: V1Volume[]; mounts: V1Container['volumeMounts'] } {
  const vols: V1Volume[] = [{ name: 'tmp', emptyDir: {} }];
  const mounts = [{ name: 'tmp', mountPath: '/tmp' }];
  if (c === 'api' || c === 'worker') {
    vols.push(
      cfg.uploadsClaim
        ? { name: 'uploads', persistentVolumeClaim: { claimName: cfg.uploadsClaim } }
        : { name: 'uploads', emptyDir: {} },
    );
    mounts.push({ name: 'uploads', mountPath: DATA_PATH });
  }
  return { volumes: vols, mounts };
}

/** A component's Deployment: hardened pod, probes, resources, env. */
export function desiredDeployment(cfg: PlatformConfig, c: Component): V1Deployment {
  const comp = cfg[c];
  const probes = PROBES[c];
  const { volumes: vols, mounts } = volumes(cfg, c);
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: componentMetadata(cfg, c),
    spec: {
      // With an HPA the replica count is the HPA's; leaving it out keeps applies from fighting it.
      ...(comp.autoscaling ? {} : { replicas: comp.replicas }),
      revisionHistoryLimit: 5,
      selector: { matchLabels: selectorLabels(cfg, c) },
      template: {
        metadata: { labels: componentMetadata(cfg, c).labels },
        spec: {
          serviceAccountName: componentName(cfg, c),
          automountServiceAccountToken: c === 'api' || c === 'operator',
          enableServiceLinks: false,
          securityContext: hardenedPodSecurityContext(),
          terminationGracePeriodSeconds: 30,
          containers: [
            {
              name: c,
              image: comp.image,
              imagePullPolicy: cfg.imagePullPolicy,
              ...(probes
                ? { ports: [{ name: 'http', containerPort: HTTP_PORT, protocol: 'TCP' }] }
                : {}),
              env: componentEnv(cfg, c),
              resources: comp.resources,
              // On a stop, the Service first stops sending the pod new requests; then SIGTERM
              // starts the api's drain (API_DRAIN_MS, 20 s): 5 + 20 s fit the 30 s grace period.
              ...(c === 'api'
                ? { lifecycle: { preStop: { exec: { command: ['sleep', '5'] } } } }
                : {}),
              ...(probes
                ? {
                    livenessProbe: {
                      httpGet: { path: probes.live, port: 'http' },
                      initialDelaySeconds: 10,
                      periodSeconds: 10,
                      timeoutSeconds: 3,
                      failureThreshold: 6,
                    },
                    readinessProbe: {
                      httpGet: { path: probes.ready, port: 'http' },
                      periodSeconds: 5,
                      timeoutSeconds: 3,
                      failureThreshold: 3,
                    },
                  }
                : {}),
              securityContext: hardenedContainerSecurityContext(),
              volumeMounts: mounts,
            },
          ],
          volumes: vols,
        },
      },
    },
  };
}

/** A component's ClusterIP Service on port 8080 (the worker has none: nothing listens). */
export function desiredService(cfg: PlatformConfig, c: Exclude<Component, 'worker'>): V1Service {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: componentMetadata(cfg, c),
    spec: {
      type: 'ClusterIP',
      selector: selectorLabels(cfg, c),
      ports: [{ name: 'http', port: HTTP_PORT, targetPort: 'http', protocol: 'TCP' }],
    },
  };
}
