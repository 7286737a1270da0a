import * as k8s from '@kubernetes/client-node';
import {
  API_VERSION,
  COMPANY_ID_LABEL,
  CONNECTION_KIND,
  CONNECTION_PLURAL,
  GROUP,
  VERSION,
} from '@atendo/cdk8s/crd-names';
import type { Logger } from '../logger.js';
import {
  connectionResourceName,
  type SessionRuntime,
  type SessionStart,
  type SessionTarget,
} from './session-runtime.js';

const FIELD_MANAGER = 'atendo-api';

function statusOf(err: unknown): number | undefined {
  const e = err as { code?: number; statusCode?: number; response?: { httpStatusCode?: number } };
  return e?.code ?? e?.statusCode ?? e?.response?.httpStatusCode;
}

/**
 * Sessions on Kubernetes: the api only writes `Connection` resources (create, suspend,
 * resume, delete); the operator turns them into session StatefulSets. The session still
 * reports its WhatsApp status to the api as in local mode.
 */
export class KubernetesRuntime implements SessionRuntime {
  readonly kind = 'kubernetes' as const;
  private readonly api: k8s.CustomObjectsApi;

  constructor(
    kubeConfig: k8s.KubeConfig,
    private readonly namespace: string,
    private readonly logger: Logger,
  ) {
    this.api = kubeConfig.makeApiClient(k8s.CustomObjectsApi);
  }

  /** From a kubeconfig file, or the in-cluster service account when none is given. */
  static fromConfig(o: {
    kubeconfig?: string;
    namespace: string;
    logger: Logger;
  }): KubernetesRuntime {
    const kc = new k8s.KubeConfig();
    if (o.kubeconfig) kc.loadFromFile(o.kubeconfig);
    else kc.loadFromCluster();
    return new KubernetesRuntime(kc, o.namespace, o.logger);
  }

  private spec(t: SessionTarget, suspended: boolean) {
    return {
      companyId: t.companyId,
      ...(t.companyResourceName ? { companyRef: { name: t.companyResourceName } } : {}),
      channel: t.channel,
      displayName: t.name.length >= 2 ? t.name.slice(0, 50) : `${t.name}--`.slice(0, 2),
      suspended,
      connectionId: t.id,
    };
  }

  private async patchSuspended(name: string, suspended: boolean): Promise<boolean> {
    try {
      await this.api.patchNamespacedCustomObject(
        {
          group: GROUP,
          version: VERSION,
          namespace: this.namespace,
          plural: CONNECTION_PLURAL,
          name,
          body: { spec: { suspended } },
          fieldManager: FIELD_MANAGER,
        },
        k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch),
      );
      return true;
    } catch (err) {
      if (statusOf(err) === 404) return false;
      throw err;
    }
  }

  async start(t: SessionTarget): Promise<SessionStart> {
    const name = t.resourceName ?? connectionResourceName(t);
    if (await this.patchSuspended(name, false)) return { started: true, resourceName: name };
    try {
      await this.api.createNamespacedCustomObject({
        group: GROUP,
        version: VERSION,
        namespace: this.namespace,
        plural: CONNECTION_PLURAL,
        fieldManager: FIELD_MANAGER,
        body: {
          apiVersion: API_VERSION,
          kind: CONNECTION_KIND,
          metadata: {
            name,
            namespace: this.namespace,
            labels: {
              [COMPANY_ID_LABEL]: String(t.companyId),
              'app.kubernetes.io/managed-by': 'atendo-api',
            },
          },
          spec: this.spec(t, false),
        },
      });
      this.logger.info(
        { companyId: t.companyId, connectionId: t.id, resource: name },
        'Created Connection',
      );
    } catch (err) {
      // Created meanwhile by another api replica: make sure it runs.
      if (statusOf(err) !== 409) throw err;
      await this.patchSuspended(name, false);
    }
    return { started: true, resourceName: name };
  }

  async stop(t: SessionTarget): Promise<void> {
    const name = t.resourceName ?? connectionResourceName(t);
    if (await this.patchSuspended(name, true)) {
      this.logger.info(
        { companyId: t.companyId, connectionId: t.id, resource: name },
        'Suspended Connection',
      );
    }
  }

  async remove(t: SessionTarget): Promise<void> {
    const name = t.resourceName ?? connectionResourceName(t);
    try {
      await this.api.deleteNamespacedCustomObject({
        group: GROUP,
        version: VERSION,
        namespace: this.namespace,
        plural: CONNECTION_PLURAL,
        name,
      });
      this.logger.info(
        { companyId: t.companyId, connectionId: t.id, resource: name },
        'Deleted Connection',
      );
    } catch (err) {
      if (statusOf(err) !== 404) throw err;
    }
  }

  async close(): Promise<void> {}
}
