/**
 * Configuration of the platform manifests. Defaults match charts/atendo/values.yaml, so
 * `helm template atendo charts/atendo -n atendo` and the cdk8s synth describe the same objects.
 */

/** Compute resources of one container. */
export interface Resources {
  requests: { cpu: string; memory: string };
  limits: { cpu: string; memory: string };
}

/** Horizontal autoscaling of a Deployment. */
export interface Autoscaling {
  minReplicas: number;
  maxReplicas: number;
  targetCPUUtilizationPercentage: number;
}

/** What every Deployment can tune. */
export interface ComponentConfig {
  /** Full image reference, e.g. docker.io/atendo/api:0.1.0. */
  image: string;
  replicas: number;
  resources: Resources;
  /** When set, an HPA owns the replica count (api and worker only). */
  autoscaling?: Autoscaling;
}

/** The platform's configuration. */
export interface PlatformConfig {
  /** Namespace of every namespaced object. */
  namespace: string;
  /** Prefix of every name (the Helm release's fullname). */
  name: string;
  /** Version label (app.kubernetes.io/version). */
  version: string;
  imagePullPolicy: 'Always' | 'IfNotPresent' | 'Never';
  api: ComponentConfig;
  worker: ComponentConfig;
  operator: ComponentConfig & { sessionImage: string };
  /**
   * Secret holding DATABASE_URL (external PostgreSQL), and optionally under `migrationKey` the
   * URL of a role allowed to migrate (the api's MIGRATION_DATABASE_URL), so the runtime role
   * needs no DDL rights.
   */
  databaseSecret: { name: string; key: string; migrationKey?: string };
  /** Secret holding JWT_SECRET, JWT_REFRESH_SECRET, INTERNAL_TOKEN and ADMIN_PASSWORD. */
  authSecret: string;
  temporal: { address: string; namespace: string };
  /** Public URL of the console, which is the api's (CORS origin, links in e-mails). */
  frontendUrl: string;
  adminEmail: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
  /**
   * The api's TRUST_PROXY: the peers (Ingress controller pods, mesh sidecars) whose
   * X-Forwarded-For it believes, so the login budgets count each client's own address.
   */
  trustProxy: string;
  /** Ingress: console, REST and Socket.IO on one host, all to the api. */
  ingress?: { className?: string; host: string; tlsSecret?: string };
  /** PVC for the api's uploads; an emptyDir when unset (single replica only). */
  uploadsClaim?: string;
}

const resources = (rc: string, rm: string, lc: string, lm: string): Resources => ({
  requests: { cpu: rc, memory: rm },
  limits: { cpu: lc, memory: lm },
});

/** The defaults of values.yaml, for namespace `atendo` and release `atendo`. */
export function defaultPlatformConfig(overrides: Partial<PlatformConfig> = {}): PlatformConfig {
  const tag = '0.1.0';
  const image = (name: string) => `docker.io/atendo/${name}:${tag}`;
  return {
    namespace: 'atendo',
    name: 'atendo',
    version: tag,
    imagePullPolicy: 'IfNotPresent',
    api: { image: image('api'), replicas: 1, resources: resources('100m', '256Mi', '1', '768Mi') },
    worker: {
      image: image('worker'),
      replicas: 1,
      resources: resources('100m', '256Mi', '1', '768Mi'),
    },
    operator: {
      image: image('operator'),
      replicas: 2,
      resources: resources('50m', '128Mi', '500m', '256Mi'),
      sessionImage: image('session'),
    },
    databaseSecret: { name: 'atendo-database', key: 'DATABASE_URL' },
    authSecret: 'atendo-auth',
    temporal: {
      address: 'temporal-frontend.temporal.svc.cluster.local:7233',
      namespace: 'default',
    },
    frontendUrl: 'http://localhost:8080',
    adminEmail: 'admin@atendo.local',
    logLevel: 'info',
    trustProxy: 'loopback, uniquelocal',
    ...overrides,
  };
}
