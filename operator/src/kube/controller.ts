/**
 * Runs one controller: N workers take keys from its work queue and call reconcile(key).
 * Success forgets the key's backoff (and honours requeueAfterMs); a thrown error requeues the
 * key with exponential backoff. The queue guarantees one in-flight reconcile per key.
 */
import type { Logger } from 'pino';
import type { OperatorMetrics } from '../metrics.js';
import { describeError } from './errors.js';
import { WorkQueue } from './work-queue.js';

/** What a reconcile may ask for besides success. */
export interface ReconcileResult {
  /** Reconcile this key again after the delay (e.g. to poll an external system). */
  requeueAfterMs?: number;
}

/** One controller: a name and a level-triggered reconcile of a key. */
export interface Reconciler {
  readonly name: string;
  reconcile(key: string): Promise<ReconcileResult | void>;
}

export interface ControllerOptions {
  reconciler: Reconciler;
  workers: number;
  logger: Logger;
  metrics: OperatorMetrics;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

/** A work queue plus its workers for one reconciler. */
export class Controller {
  readonly queue: WorkQueue;
  private workers: Promise<void>[] = [];

  constructor(private readonly options: ControllerOptions) {
    const gauge = options.metrics.queueDepth.labels(options.reconciler.name);
    gauge.set(0);
    this.queue = new WorkQueue({
      baseDelayMs: options.baseDelayMs,
      maxDelayMs: options.maxDelayMs,
      onDepthChange: (depth) => gauge.set(depth),
    });
  }

  get name(): string {
    return this.options.reconciler.name;
  }

  /** Enqueues a key (deduplicated). */
  enqueue(key: string): void {
    this.queue.add(key);
  }

  /** Starts the workers. */
  start(): void {
    for (let i = 0; i < this.options.workers; i++) this.workers.push(this.work());
  }

  /** Stops handing out keys and waits for in-flight reconciles to finish. */
  async stop(): Promise<void> {
    this.queue.shutDown();
    await Promise.all(this.workers);
    this.workers = [];
  }

  private async work(): Promise<void> {
    const { reconciler, logger, metrics } = this.options;
    for (;;) {
      const key = await this.queue.get();
      if (key === undefined) return;
      const endTimer = metrics.reconcileDuration.labels(reconciler.name).startTimer();
      try {
        const result = await reconciler.reconcile(key);
        this.queue.forget(key);
        if (result?.requeueAfterMs !== undefined) {
          this.queue.addAfter(key, result.requeueAfterMs);
          metrics.reconcileTotal.labels(reconciler.name, 'requeue').inc();
        } else {
          metrics.reconcileTotal.labels(reconciler.name, 'success').inc();
        }
      } catch (err) {
        const retryInMs = this.queue.addRateLimited(key);
        metrics.reconcileTotal.labels(reconciler.name, 'error').inc();
        metrics.reconcileErrors.labels(reconciler.name).inc();
        logger.warn(
          { controller: reconciler.name, key, err: describeError(err), retryInMs, retries: this.queue.numRequeues(key) },
          'Reconcile failed; requeued',
        );
      } finally {
        endTimer();
        this.queue.done(key);
      }
    }
  }
}
