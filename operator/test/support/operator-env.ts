/**
 * Test environment for the operator: a real control plane (startKube) with the Atendo CRDs
 * established, a fake of the api's internal endpoints, and helpers to run operator instances
 * in-process and to act like kubectl and like the StatefulSet controller.
 *
 * kube-controller-manager runs WITHOUT its statefulset controller: with no kubelet the pods
 * never become ready, so that controller would keep rewriting status.readyReplicas to 0 over
 * the status the tests set "as the controller-manager would". The garbage collector (owner
 * reference cascade) and the other controllers still run.
 */
import {
  allCrds,
  API_VERSION,
  COMPANY_PLURAL,
  CONNECTION_PLURAL,
  GROUP,
  VERSION,
  type Company,
  type CompanySpec,
  type Connection,
  type ConnectionSpec,
} from '@atendo/cdk8s';
import {
  ApiextensionsV1Api,
  AppsV1Api,
  CoordinationV1Api,
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  loadYaml,
  PatchStrategy,
  RbacAuthorizationV1Api,
  setHeaderOptions,
  type V1CustomResourceDefinition,
  type V1PolicyRule,
} from '@kubernetes/client-node';
import pino from 'pino';
import { InternalApiClient } from '../../src/atendo-api/internal-api-client.js';
import { isNotFound } from '../../src/kube/errors.js';
import { Operator, type OperatorSettings } from '../../src/operator.js';
import { startKube, type KubeCluster } from '@atendo/testing/kube';
import { FakeInternalApi } from './fake-internal-api.js';

export const INTERNAL_TOKEN = 'test-internal-token-0123456789';
export const SESSION_IMAGE = 'registry.example/atendo/session:test';
const mergePatch = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);

/** Polls until `fn` returns something other than undefined/false, or fails with the last value. */
export async function eventually<T>(
  fn: () => Promise<T | undefined | false>,
  { timeoutMs = 30_000, intervalMs = 150, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await fn();
      if (value !== undefined && value !== false) return value;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) {
      throw new Error(`${what} not met within ${timeoutMs} ms${lastError ? `: ${String(lastError)}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Creates the Atendo CRDs and waits until the API server serves them. */
async function establishCrds(kubeconfigPath: string): Promise<void> {
  const kc = new KubeConfig();
  kc.loadFromFile(kubeconfigPath);
  const ext = kc.makeApiClient(ApiextensionsV1Api);
  for (const crd of allCrds()) {
    // Through the typed model (JSON is YAML): a plain object would lose enum, default and
    // x-kubernetes-* keys, whose model names differ from their wire names.
    await ext.createCustomResourceDefinition({ body: loadYaml<V1CustomResourceDefinition>(JSON.stringify(crd)) });
  }
  for (const crd of allCrds()) {
    await eventually(
      async () => {
        const got = await ext.readCustomResourceDefinition({ name: crd.metadata.name });
        return got.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True');
      },
      { what: `CRD ${crd.metadata.name} Established` },
    );
  }
}

/**
 * The least privilege the operator needs (the Helm chart's operator ClusterRole must grant at
 * least this; Connections, StatefulSets, Services, Secrets, Events and the Lease may be narrowed
 * to a Role in the watched namespace).
 */
export const OPERATOR_RBAC_RULES: V1PolicyRule[] = [
  { apiGroups: ['atendo.io'], resources: ['companies', 'connections'], verbs: ['get', 'list', 'watch'] },
  { apiGroups: ['atendo.io'], resources: ['connections'], verbs: ['patch', 'update'] },
  { apiGroups: ['atendo.io'], resources: ['companies/status', 'connections/status'], verbs: ['get', 'patch', 'update'] },
  // blockOwnerDeletion on owner references to a Connection needs update on its finalizers.
  { apiGroups: ['atendo.io'], resources: ['connections/finalizers'], verbs: ['update'] },
  { apiGroups: ['apps'], resources: ['statefulsets'], verbs: ['get', 'list', 'watch', 'create', 'patch'] },
  // Server-side apply of an absent object is a create: both verbs.
  { apiGroups: [''], resources: ['services', 'secrets'], verbs: ['get', 'create', 'patch'] },
  { apiGroups: [''], resources: ['events'], verbs: ['create', 'patch'] },
  { apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['get', 'create', 'update'] },
];

/**
 * A kubeconfig for the operator's own ServiceAccount bound to OPERATOR_RBAC_RULES, so the tests
 * prove those rules suffice (the admin kubeconfig would hide a missing permission).
 */
async function serviceAccountKubeConfig(admin: KubeConfig, kube: KubeCluster, namespace: string): Promise<KubeConfig> {
  const core = admin.makeApiClient(CoreV1Api);
  const rbac = admin.makeApiClient(RbacAuthorizationV1Api);
  const name = 'atendo-operator';
  await core.createNamespacedServiceAccount({ namespace, body: { metadata: { name } } });
  await rbac.createClusterRole({ body: { metadata: { name }, rules: OPERATOR_RBAC_RULES } });
  await rbac.createClusterRoleBinding({
    body: {
      metadata: { name },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name },
      subjects: [{ kind: 'ServiceAccount', name, namespace }],
    },
  });
  const token = await core.createNamespacedServiceAccountToken({
    name,
    namespace,
    body: { spec: { audiences: [], expirationSeconds: 3600 } },
  });
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: 'test', server: kube.server, caFile: kube.caPath, skipTLSVerify: false }],
    users: [{ name, token: token.status?.token }],
    contexts: [{ name: 'operator', cluster: 'test', user: name, namespace }],
    currentContext: 'operator',
  });
  return kc;
}

/** Everything a test file needs. */
export interface OperatorEnv {
  kube: KubeCluster;
  kc: KubeConfig;
  core: CoreV1Api;
  apps: AppsV1Api;
  custom: CustomObjectsApi;
  coordination: CoordinationV1Api;
  api: FakeInternalApi;
  namespace: string;
  /** Starts an operator instance in-process (not yet leading: it competes for the Lease). */
  startOperator(identity: string, overrides?: Partial<OperatorSettings>): Operator;
  /** Stops every operator started, the fake api and the control plane. */
  stop(): Promise<void>;
}

/** Starts the control plane, establishes the CRDs, creates a namespace and the fake api. */
export async function startOperatorEnv(namespace: string): Promise<OperatorEnv> {
  // CRDs before kube-controller-manager starts, so its garbage collector knows Connection
  // from the beginning (it rediscovers resources only every 30 s).
  const kube = await startKube({
    controllers: '*,-statefulset',
    beforeControllerManager: ({ kubeconfigPath }) => establishCrds(kubeconfigPath),
  });
  const kc = new KubeConfig();
  kc.loadFromFile(kube.kubeconfigPath);
  const core = kc.makeApiClient(CoreV1Api);
  await core.createNamespace({ body: { metadata: { name: namespace } } });
  const operatorKc = await serviceAccountKubeConfig(kc, kube, namespace);
  const api = new FakeInternalApi(INTERNAL_TOKEN);
  await api.start();

  const operators: Operator[] = [];
  const level = process.env.OPERATOR_TEST_LOG ?? 'silent';
  return {
    kube,
    kc,
    core,
    apps: kc.makeApiClient(AppsV1Api),
    custom: kc.makeApiClient(CustomObjectsApi),
    coordination: kc.makeApiClient(CoordinationV1Api),
    api,
    namespace,
    startOperator(identity, overrides = {}) {
      const operator = new Operator({
        kc: operatorKc,
        api: new InternalApiClient({ baseUrl: api.url, token: INTERNAL_TOKEN, timeoutMs: 5_000 }),
        logger: pino({ level, base: { identity } }),
        settings: {
          namespace,
          identity,
          lease: {
            name: 'atendo-operator',
            namespace,
            durationSeconds: 4,
            renewDeadlineMs: 3_000,
            retryPeriodMs: 300,
          },
          workers: 2,
          resyncMs: 60_000,
          session: { image: SESSION_IMAGE, apiUrl: 'http://atendo-api.atendo.svc:8080' },
          backoff: { baseDelayMs: 100, maxDelayMs: 2_000 },
          ...overrides,
        },
      });
      operators.push(operator);
      operator.start();
      return operator;
    },
    async stop() {
      await Promise.all(operators.map((o) => o.stop()));
      await api.stop();
      await kube.stop();
    },
  };
}

/** kubectl-equivalent calls on Atendo resources. */
export class Resources {
  constructor(private readonly env: OperatorEnv) {}

  private get custom() {
    return this.env.custom;
  }

  async createCompany(name: string, spec: CompanySpec): Promise<Company> {
    return (await this.custom.createClusterCustomObject({
      group: GROUP,
      version: VERSION,
      plural: COMPANY_PLURAL,
      body: { apiVersion: API_VERSION, kind: 'Company', metadata: { name }, spec },
    })) as Company;
  }

  async getCompany(name: string): Promise<Company> {
    return (await this.custom.getClusterCustomObject({ group: GROUP, version: VERSION, plural: COMPANY_PLURAL, name })) as Company;
  }

  async patchCompanySpec(name: string, spec: Partial<CompanySpec>): Promise<void> {
    await this.custom.patchClusterCustomObject(
      { group: GROUP, version: VERSION, plural: COMPANY_PLURAL, name, body: { spec } },
      mergePatch,
    );
  }

  async createConnection(name: string, spec: ConnectionSpec | Record<string, unknown>): Promise<Connection> {
    return (await this.custom.createNamespacedCustomObject({
      group: GROUP,
      version: VERSION,
      plural: CONNECTION_PLURAL,
      namespace: this.env.namespace,
      body: { apiVersion: API_VERSION, kind: 'Connection', metadata: { name }, spec },
    })) as Connection;
  }

  async getConnection(name: string): Promise<Connection | undefined> {
    try {
      return (await this.custom.getNamespacedCustomObject({
        group: GROUP,
        version: VERSION,
        plural: CONNECTION_PLURAL,
        namespace: this.env.namespace,
        name,
      })) as Connection;
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  async patchConnectionSpec(name: string, spec: Partial<ConnectionSpec>): Promise<void> {
    await this.custom.patchNamespacedCustomObject(
      { group: GROUP, version: VERSION, plural: CONNECTION_PLURAL, namespace: this.env.namespace, name, body: { spec } },
      mergePatch,
    );
  }

  /** A metadata-only change ("kubectl annotate"): the informer enqueues the object again. */
  async touch(kind: 'Company' | 'Connection', name: string): Promise<void> {
    const body = { metadata: { annotations: { 'test.atendo.io/touched': `${Date.now()}-${Math.random()}` } } };
    if (kind === 'Company') {
      await this.custom.patchClusterCustomObject(
        { group: GROUP, version: VERSION, plural: COMPANY_PLURAL, name, body },
        mergePatch,
      );
    } else {
      await this.custom.patchNamespacedCustomObject(
        { group: GROUP, version: VERSION, plural: CONNECTION_PLURAL, namespace: this.env.namespace, name, body },
        mergePatch,
      );
    }
  }

  async deleteConnection(name: string): Promise<void> {
    await this.custom.deleteNamespacedCustomObject({
      group: GROUP,
      version: VERSION,
      plural: CONNECTION_PLURAL,
      namespace: this.env.namespace,
      name,
    });
  }

  /** Whether a namespaced built-in object exists. */
  async exists(kind: 'StatefulSet' | 'Service' | 'Secret', name: string): Promise<boolean> {
    const namespace = this.env.namespace;
    try {
      if (kind === 'StatefulSet') await this.env.apps.readNamespacedStatefulSet({ name, namespace });
      else if (kind === 'Service') await this.env.core.readNamespacedService({ name, namespace });
      else await this.env.core.readNamespacedSecret({ name, namespace });
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  /**
   * Writes the StatefulSet's status as its controller would once the pod is ready (or gone):
   * through the status subresource, with observedGeneration = the current generation.
   */
  async setStatefulSetReadyReplicas(name: string, readyReplicas: number): Promise<void> {
    const namespace = this.env.namespace;
    const sts = await this.env.apps.readNamespacedStatefulSet({ name, namespace });
    const replicas = sts.spec?.replicas ?? 0;
    await this.env.apps.patchNamespacedStatefulSetStatus(
      {
        name,
        namespace,
        body: {
          status: {
            observedGeneration: sts.metadata?.generation,
            replicas,
            readyReplicas,
            availableReplicas: readyReplicas,
            currentReplicas: replicas,
            updatedReplicas: replicas,
          },
        },
      },
      mergePatch,
    );
  }

  /** Events whose involvedObject is `name` (any kind), from this namespace and "default". */
  async eventsFor(name: string): Promise<Array<{ reason?: string; message?: string; reportingInstance?: string; count?: number }>> {
    const lists = await Promise.all(
      [this.env.namespace, 'default'].map((namespace) => this.env.core.listNamespacedEvent({ namespace })),
    );
    return lists.flatMap((l) => l.items).filter((e) => e.involvedObject?.name === name);
  }
}
