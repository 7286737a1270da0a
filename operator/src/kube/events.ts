/**
 * core/v1 Events for what the operator did ("Created StatefulSet", "Suspended"), visible in
 * `kubectl describe`. Repeats of the same event on the same object bump its count instead of
 * creating new Event objects, like client-go's correlator. Recording never fails a reconcile.
 */
import {
  CoreV1Api,
  PatchStrategy,
  setHeaderOptions,
  type CoreV1Event,
  type KubeConfig,
  type KubernetesObject,
} from '@kubernetes/client-node';
import crypto from 'node:crypto';
import type { Logger } from 'pino';
import { describeError, isNotFound } from './errors.js';

export type EventType = 'Normal' | 'Warning';

/** Records Events about objects. */
export interface EventRecorder {
  /** Records an event; failures are logged, never thrown. */
  record(obj: KubernetesObject, type: EventType, reason: string, message: string): Promise<void>;
}

const COMPONENT = 'atendo-operator';
const MAX_TRACKED = 2_000;
const mergePatch = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);

/** Writes Events through the core/v1 API. */
export class KubeEventRecorder implements EventRecorder {
  private readonly core: CoreV1Api;
  private readonly seen = new Map<string, { namespace: string; name: string; count: number }>();

  constructor(
    kc: KubeConfig,
    private readonly identity: string,
    private readonly logger: Logger,
    /** Where Events about cluster-scoped objects go; the API server accepts only "default". */
    private readonly clusterEventNamespace = 'default',
  ) {
    this.core = kc.makeApiClient(CoreV1Api);
  }

  async record(
    obj: KubernetesObject,
    type: EventType,
    reason: string,
    message: string,
  ): Promise<void> {
    const meta = obj.metadata ?? {};
    const namespace = meta.namespace ?? this.clusterEventNamespace;
    const key = `${meta.uid}|${type}|${reason}|${message}`;
    const now = new Date();
    try {
      const previous = this.seen.get(key);
      if (previous) {
        try {
          await this.core.patchNamespacedEvent(
            {
              namespace: previous.namespace,
              name: previous.name,
              body: { count: previous.count + 1, lastTimestamp: now.toISOString() },
            },
            mergePatch,
          );
          previous.count += 1;
          return;
        } catch (err) {
          // Events expire (1 h TTL by default): start a new one.
          if (!isNotFound(err)) throw err;
          this.seen.delete(key);
        }
      }
      const name = `${meta.name}.${crypto.randomBytes(8).toString('hex')}`;
      const body: CoreV1Event = {
        metadata: { name, namespace },
        involvedObject: {
          apiVersion: obj.apiVersion,
          kind: obj.kind,
          name: meta.name,
          namespace: meta.namespace,
          uid: meta.uid,
          resourceVersion: meta.resourceVersion,
        },
        type,
        reason,
        message,
        count: 1,
        firstTimestamp: now,
        lastTimestamp: now,
        source: { component: COMPONENT, host: this.identity },
        reportingComponent: `atendo.io/${COMPONENT}`,
        reportingInstance: this.identity,
      };
      await this.core.createNamespacedEvent({ namespace, body });
      if (this.seen.size >= MAX_TRACKED) {
        const oldest = this.seen.keys().next().value;
        if (oldest !== undefined) this.seen.delete(oldest);
      }
      this.seen.set(key, { namespace, name, count: 1 });
    } catch (err) {
      this.logger.warn(
        { kind: obj.kind, name: meta.name, namespace: meta.namespace, reason, err: describeError(err) },
        'Could not record event',
      );
    }
  }
}
