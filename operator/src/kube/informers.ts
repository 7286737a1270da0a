/**
 * List+watch caches over @kubernetes/client-node's `makeInformer`, hardened for a long-running
 * operator: the library's ListWatch stops for good on a watch error, so this wrapper restarts it
 * with backoff (relisting when the resourceVersion expired). Handlers get the object only to
 * derive a queue key: controllers re-read state themselves.
 */
import {
  makeInformer,
  type Informer,
  type KubeConfig,
  type KubernetesListObject,
  type KubernetesObject,
  type ObjectCache,
} from '@kubernetes/client-node';
import type { Logger } from 'pino';
import { describeError } from './errors.js';

export interface InformerOptions<T extends KubernetesObject> {
  /** Name for logs, e.g. "connections". */
  name: string;
  /** Watch path, e.g. /apis/atendo.io/v1alpha1/namespaces/x/connections. */
  path: string;
  /** Lists the same collection (with the same label selector). */
  list: () => Promise<KubernetesListObject<T>>;
  labelSelector?: string;
  logger: Logger;
}

/** One watched collection with an in-memory cache and change handlers. */
export class ResilientInformer<T extends KubernetesObject> {
  private readonly informer: Informer<T> & ObjectCache<T>;
  private readonly handlers: Array<(obj: T) => void> = [];
  private running = false;
  private restartTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  private errors = 0;
  private synced = false;

  constructor(
    kc: KubeConfig,
    private readonly options: InformerOptions<T>,
  ) {
    this.informer = makeInformer<T>(kc, options.path, options.list, options.labelSelector);
    const dispatch = (obj: T) => {
      this.failures = 0;
      for (const handler of this.handlers) handler(obj);
    };
    this.informer.on('add', dispatch);
    this.informer.on('update', dispatch);
    this.informer.on('delete', dispatch);
    this.informer.on('error', (err) => this.onError(err));
  }

  /** Registers a handler for add, update and delete. */
  onChange(handler: (obj: T) => void): void {
    this.handlers.push(handler);
  }

  /** Lists (filling the cache and firing "add" for every object), then watches. */
  async start(): Promise<void> {
    this.running = true;
    await this.startOnce();
  }

  /** Stops watching; no restart happens afterwards. */
  async stop(): Promise<void> {
    this.running = false;
    this.synced = false;
    clearTimeout(this.restartTimer);
    await this.informer.stop();
  }

  /** True once the first list completed (and until stop()). */
  hasSynced(): boolean {
    return this.synced;
  }

  /** Cached objects (all, or in one namespace). */
  list(namespace?: string): ReadonlyArray<T> {
    return this.informer.list(namespace);
  }

  /** ListWatch reports a failed list through its error callback, not by rejecting start(). */
  private async startOnce(): Promise<void> {
    const errorsBefore = this.errors;
    await this.informer.start();
    if (this.running && this.errors === errorsBefore) this.synced = true;
  }

  private onError(err: unknown): void {
    if (!this.running) return; // aborting the watch on stop() surfaces as an error
    this.errors += 1;
    this.failures += 1;
    const delay = Math.min(500 * 2 ** (this.failures - 1), 30_000);
    this.options.logger.warn(
      { informer: this.options.name, err: describeError(err), retryInMs: delay },
      'Watch failed; restarting',
    );
    clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => {
      if (!this.running) return;
      this.startOnce().catch((startErr: unknown) => this.onError(startErr));
    }, delay);
  }
}
