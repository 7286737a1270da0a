/**
 * Wires the operator together: leader election gates everything; the leader runs informers for
 * Companies, Connections and the session StatefulSets it owns, whose events only enqueue keys,
 * and one controller (queue + workers) per kind. Losing the Lease stops informers and workers;
 * a standby starts them when it wins.
 */
import {
  API_VERSION,
  COMPANY_KIND,
  COMPANY_PLURAL,
  CONNECTION_KIND,
  CONNECTION_PLURAL,
  GROUP,
  SESSION_MANAGED_BY,
  VERSION,
  type Company,
  type Connection,
} from '@atendo/cdk8s';
import {
  AppsV1Api,
  CustomObjectsApi,
  type KubeConfig,
  type KubernetesListObject,
  type V1StatefulSet,
} from '@kubernetes/client-node';
import type { Logger } from 'pino';
import type { InternalApiClient } from './atendo-api/internal-api-client.js';
import { CompanyReconciler } from './controllers/company.js';
import { ConnectionReconciler, type SessionSettings } from './controllers/connection.js';
import { Controller } from './kube/controller.js';
import { KubeEventRecorder } from './kube/events.js';
import { ResilientInformer } from './kube/informers.js';
import { objectKey } from './kube/keys.js';
import { LeaderElector } from './kube/leader-election.js';
import { CustomResourceClient, ObjectApplier } from './kube/resources.js';
import { createMetrics, type OperatorMetrics } from './metrics.js';

/** Settings of one operator instance (from config in main.ts, or from tests). */
export interface OperatorSettings {
  /** Namespace whose Connections are watched; undefined = all namespaces. */
  namespace?: string;
  /** Leader-election identity (the pod name). */
  identity: string;
  lease: {
    name: string;
    namespace: string;
    durationSeconds?: number;
    renewDeadlineMs?: number;
    retryPeriodMs?: number;
  };
  /** Workers per controller. */
  workers: number;
  /** Every key is enqueued again this often (catches changes made only in the api). */
  resyncMs: number;
  session: SessionSettings;
  /** Work-queue backoff. */
  backoff?: { baseDelayMs?: number; maxDelayMs?: number };
}

export interface OperatorDeps {
  kc: KubeConfig;
  api: InternalApiClient;
  logger: Logger;
  settings: OperatorSettings;
  metrics?: OperatorMetrics;
}

/** What runs while this instance leads; rebuilt on every election win. */
interface LeaderRun {
  informers: Array<Pick<ResilientInformer<never>, 'start' | 'stop' | 'hasSynced'>>;
  controllers: Controller[];
  resyncTimer: NodeJS.Timeout;
}

/** One operator instance. */
export class Operator {
  readonly metrics: OperatorMetrics;
  private readonly elector: LeaderElector;
  private run: LeaderRun | undefined;
  private readonly companies: CustomResourceClient<Company>;
  private readonly connections: CustomResourceClient<Connection>;

  constructor(private readonly deps: OperatorDeps) {
    this.metrics = deps.metrics ?? createMetrics();
    this.companies = new CustomResourceClient<Company>(deps.kc, {
      group: GROUP,
      version: VERSION,
      plural: COMPANY_PLURAL,
      kind: COMPANY_KIND,
      namespaced: false,
    });
    this.connections = new CustomResourceClient<Connection>(deps.kc, {
      group: GROUP,
      version: VERSION,
      plural: CONNECTION_PLURAL,
      kind: CONNECTION_KIND,
      namespaced: true,
    });
    const { lease, identity } = deps.settings;
    this.elector = new LeaderElector({
      kc: deps.kc,
      namespace: lease.namespace,
      name: lease.name,
      identity,
      logger: deps.logger,
      leaseDurationSeconds: lease.durationSeconds,
      renewDeadlineMs: lease.renewDeadlineMs,
      retryPeriodMs: lease.retryPeriodMs,
      onStartedLeading: () => this.startLeading(),
      onStoppedLeading: () => this.stopLeading(),
    });
    this.metrics.leader.set(0);
  }

  /** Starts competing for leadership; returns at once. */
  start(): void {
    this.elector.start();
  }

  /** Stops reconciling (in-flight reconciles finish) and releases the Lease. */
  async stop(): Promise<void> {
    await this.elector.stop();
  }

  /** True while this instance leads. */
  isLeader(): boolean {
    return this.elector.isLeader();
  }

  /** True while informers and workers exist (from winning the Lease until they have stopped). */
  isReconciling(): boolean {
    return this.run !== undefined;
  }

  /** Ready to serve: a standby is ready; a leader once its caches have synced. */
  isReady(): boolean {
    if (!this.elector.isLeader()) return true;
    return this.run?.informers.every((i) => i.hasSynced()) ?? false;
  }

  private async startLeading(): Promise<void> {
    const { kc, api, logger, settings } = this.deps;
    // Events about cluster-scoped Companies must go to "default" (API server validation).
    const events = new KubeEventRecorder(kc, settings.identity, logger);
    const objects = new ObjectApplier(kc);
    const controllerOptions = {
      workers: settings.workers,
      logger,
      metrics: this.metrics,
      baseDelayMs: settings.backoff?.baseDelayMs,
      maxDelayMs: settings.backoff?.maxDelayMs,
    };

    const connectionInformer = this.connectionInformer();
    const companyInformer = this.companyInformer();
    const statefulSetInformer = this.statefulSetInformer();

    const connectionController = new Controller({
      ...controllerOptions,
      reconciler: new ConnectionReconciler({
        connections: this.connections,
        objects,
        api,
        events,
        logger,
        session: settings.session,
      }),
    });
    const companyController = new Controller({
      ...controllerOptions,
      reconciler: new CompanyReconciler({
        companies: this.companies,
        api,
        events,
        logger,
        enqueueConnections: ({ companyId, name }) => {
          for (const conn of connectionInformer.list()) {
            if (conn.spec?.companyId === companyId || conn.spec?.companyRef?.name === name) {
              connectionController.enqueue(objectKey(conn.metadata));
            }
          }
        },
      }),
    });

    connectionInformer.onChange((conn) => connectionController.enqueue(objectKey(conn.metadata)));
    companyInformer.onChange((company) => companyController.enqueue(objectKey(company.metadata)));
    // An owned object's change reconciles its owner.
    statefulSetInformer.onChange((sts) => {
      const owner = sts.metadata?.ownerReferences?.find(
        (ref) => ref.controller && ref.apiVersion === API_VERSION && ref.kind === CONNECTION_KIND,
      );
      if (owner) connectionController.enqueue(objectKey({ namespace: sts.metadata?.namespace, name: owner.name }));
    });

    const informers: LeaderRun['informers'] = [connectionInformer, companyInformer, statefulSetInformer];
    const controllers = [companyController, connectionController];
    const resyncTimer = setInterval(() => {
      for (const company of companyInformer.list()) companyController.enqueue(objectKey(company.metadata));
      for (const conn of connectionInformer.list()) connectionController.enqueue(objectKey(conn.metadata));
    }, settings.resyncMs);
    resyncTimer.unref();
    this.run = { informers, controllers, resyncTimer };
    this.metrics.leader.set(1);

    // Caches first (the company controller looks connections up in one), then workers.
    await Promise.all(informers.map((informer) => informer.start()));
    for (const controller of controllers) controller.start();
    logger.info(
      { identity: settings.identity, namespace: settings.namespace ?? '(all)', workers: settings.workers },
      'Started controllers',
    );
  }

  private async stopLeading(): Promise<void> {
    const run = this.run;
    this.metrics.leader.set(0);
    if (!run) return;
    clearInterval(run.resyncTimer);
    await Promise.all(run.informers.map((informer) => informer.stop()));
    // In-flight reconciles finish; no new one starts.
    await Promise.all(run.controllers.map((controller) => controller.stop()));
    this.run = undefined;
    this.deps.logger.info({ identity: this.deps.settings.identity }, 'Stopped controllers');
  }

  private connectionInformer(): ResilientInformer<Connection> {
    const { namespace } = this.deps.settings;
    const custom = this.deps.kc.makeApiClient(CustomObjectsApi);
    const base = { group: GROUP, version: VERSION, plural: CONNECTION_PLURAL };
    return new ResilientInformer<Connection>(this.deps.kc, {
      name: 'connections',
      path: namespace
        ? `/apis/${API_VERSION}/namespaces/${namespace}/${CONNECTION_PLURAL}`
        : `/apis/${API_VERSION}/${CONNECTION_PLURAL}`,
      list: async () =>
        (await (namespace
          ? custom.listNamespacedCustomObject({ ...base, namespace })
          : custom.listClusterCustomObject(base))) as KubernetesListObject<Connection>,
      logger: this.deps.logger,
    });
  }

  private companyInformer(): ResilientInformer<Company> {
    const custom = this.deps.kc.makeApiClient(CustomObjectsApi);
    return new ResilientInformer<Company>(this.deps.kc, {
      name: 'companies',
      path: `/apis/${API_VERSION}/${COMPANY_PLURAL}`,
      list: async () =>
        (await custom.listClusterCustomObject({
          group: GROUP,
          version: VERSION,
          plural: COMPANY_PLURAL,
        })) as KubernetesListObject<Company>,
      logger: this.deps.logger,
    });
  }

  private statefulSetInformer(): ResilientInformer<V1StatefulSet> {
    const { namespace } = this.deps.settings;
    const apps = this.deps.kc.makeApiClient(AppsV1Api);
    const labelSelector = `app.kubernetes.io/managed-by=${SESSION_MANAGED_BY}`;
    return new ResilientInformer<V1StatefulSet>(this.deps.kc, {
      name: 'statefulsets',
      path: namespace ? `/apis/apps/v1/namespaces/${namespace}/statefulsets` : '/apis/apps/v1/statefulsets',
      labelSelector,
      list: () =>
        namespace
          ? apps.listNamespacedStatefulSet({ namespace, labelSelector })
          : apps.listStatefulSetForAllNamespaces({ labelSelector }),
      logger: this.deps.logger,
    });
  }
}
