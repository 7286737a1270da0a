/**
 * A rate-limited work queue with client-go's semantics:
 * - a key waiting in the queue is stored once (dedupe), however often it is added;
 * - a key being processed is never handed to a second worker: adding it while it is in flight
 *   marks it dirty and it is queued again when the worker calls done();
 * - failures requeue with a per-key exponential backoff (base · 2^failures, capped), forgotten on
 *   success.
 */

/** Per-key exponential backoff: base · 2^(failures so far), capped at max. */
export class ExponentialBackoff {
  private readonly failures = new Map<string, number>();

  constructor(
    private readonly baseDelayMs: number,
    private readonly maxDelayMs: number,
  ) {}

  /** The delay before the next retry of `key`; each call counts one more failure. */
  when(key: string): number {
    const n = this.failures.get(key) ?? 0;
    this.failures.set(key, n + 1);
    // 2^n overflows to Infinity long after the cap is reached; Math.min keeps it finite.
    return Math.min(this.baseDelayMs * 2 ** n, this.maxDelayMs);
  }

  /** How many failures `key` has had since it was last forgotten. */
  retries(key: string): number {
    return this.failures.get(key) ?? 0;
  }

  /** Resets `key`'s backoff after a success. */
  forget(key: string): void {
    this.failures.delete(key);
  }
}

export interface WorkQueueOptions {
  /** First retry delay after a failure. Default 100 ms. */
  baseDelayMs?: number;
  /** Retry delay cap. Default 5 minutes. */
  maxDelayMs?: number;
  /** Called whenever the number of waiting keys changes (queue-depth gauge). */
  onDepthChange?: (depth: number) => void;
}

/** Deduplicating FIFO of keys with delayed and rate-limited adds. */
export class WorkQueue {
  private readonly queue: string[] = [];
  private readonly dirty = new Set<string>();
  private readonly processing = new Set<string>();
  private readonly delayed = new Map<string, { at: number; timer: NodeJS.Timeout }>();
  private readonly waiters: Array<(key: string | undefined) => void> = [];
  private readonly backoff: ExponentialBackoff;
  private readonly onDepthChange: (depth: number) => void;
  private shuttingDown = false;

  constructor(options: WorkQueueOptions = {}) {
    this.backoff = new ExponentialBackoff(options.baseDelayMs ?? 100, options.maxDelayMs ?? 300_000);
    this.onDepthChange = options.onDepthChange ?? (() => {});
  }

  /** Queues `key` unless it is already waiting; a key in flight is queued again after done(). */
  add(key: string): void {
    if (this.shuttingDown || this.dirty.has(key)) return;
    this.dirty.add(key);
    if (this.processing.has(key)) return;
    this.push(key);
  }

  /** Adds `key` after `delayMs`; an earlier pending delayed add for the same key wins. */
  addAfter(key: string, delayMs: number): void {
    if (this.shuttingDown) return;
    if (delayMs <= 0) {
      this.add(key);
      return;
    }
    const at = Date.now() + delayMs;
    const pending = this.delayed.get(key);
    if (pending && pending.at <= at) return;
    if (pending) clearTimeout(pending.timer);
    const timer = setTimeout(() => {
      this.delayed.delete(key);
      this.add(key);
    }, delayMs);
    timer.unref();
    this.delayed.set(key, { at, timer });
  }

  /** Adds `key` after its backoff delay (one more failure); returns the delay used. */
  addRateLimited(key: string): number {
    const delay = this.backoff.when(key);
    this.addAfter(key, delay);
    return delay;
  }

  /** Clears `key`'s failure count (call after a successful reconcile). */
  forget(key: string): void {
    this.backoff.forget(key);
  }

  /** Failures of `key` since it was last forgotten. */
  numRequeues(key: string): number {
    return this.backoff.retries(key);
  }

  /** Waits for the next key; undefined once the queue is shut down. Pair with done(key). */
  get(): Promise<string | undefined> {
    if (this.queue.length > 0) return Promise.resolve(this.take());
    if (this.shuttingDown) return Promise.resolve(undefined);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Marks `key` as processed; if it was added meanwhile, it is queued again. */
  done(key: string): void {
    this.processing.delete(key);
    if (this.dirty.has(key) && !this.shuttingDown) this.push(key);
  }

  /** Keys waiting (not in flight, not delayed). */
  len(): number {
    return this.queue.length;
  }

  /** True when `key` is being processed by a worker. */
  inFlight(key: string): boolean {
    return this.processing.has(key);
  }

  /** Stops handing out keys: waiting get() calls resolve undefined, delayed adds are dropped. */
  shutDown(): void {
    this.shuttingDown = true;
    for (const { timer } of this.delayed.values()) clearTimeout(timer);
    this.delayed.clear();
    this.queue.length = 0;
    this.dirty.clear();
    this.onDepthChange(0);
    for (const waiter of this.waiters.splice(0)) waiter(undefined);
  }

  /** True once shutDown() was called. */
  isShuttingDown(): boolean {
    return this.shuttingDown;
  }

  private push(key: string): void {
    const waiter = this.waiters.shift();
    if (waiter) {
      waiter(this.claim(key));
      return;
    }
    this.queue.push(key);
    this.onDepthChange(this.queue.length);
  }

  private take(): string {
    const key = this.queue.shift() as string;
    this.onDepthChange(this.queue.length);
    return this.claim(key);
  }

  private claim(key: string): string {
    this.processing.add(key);
    this.dirty.delete(key);
    return key;
  }
}
