import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExponentialBackoff, WorkQueue } from './work-queue.js';

describe('ExponentialBackoff', () => {
  it('doubles per failure up to the cap and resets on forget', () => {
    const backoff = new ExponentialBackoff(100, 1_000);
    expect([1, 2, 3, 4, 5, 6].map(() => backoff.when('a'))).toEqual([100, 200, 400, 800, 1_000, 1_000]);
    expect(backoff.retries('a')).toBe(6);
    expect(backoff.when('b')).toBe(100); // per key
    backoff.forget('a');
    expect(backoff.retries('a')).toBe(0);
    expect(backoff.when('a')).toBe(100);
  });

  it('stays finite after many failures', () => {
    const backoff = new ExponentialBackoff(5, 60_000);
    for (let i = 0; i < 2_000; i++) backoff.when('k');
    expect(backoff.when('k')).toBe(60_000);
  });
});

describe('WorkQueue', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('deduplicates keys that are waiting', async () => {
    const q = new WorkQueue();
    q.add('ns/a');
    q.add('ns/b');
    q.add('ns/a');
    expect(q.len()).toBe(2);
    expect(await q.get()).toBe('ns/a');
    expect(await q.get()).toBe('ns/b');
    expect(q.len()).toBe(0);
  });

  it('never hands a key in flight to a second worker, and requeues it after done()', async () => {
    const q = new WorkQueue();
    q.add('k');
    const key = await q.get();
    expect(q.inFlight('k')).toBe(true);
    q.add('k'); // changed while being processed
    q.add('k');
    expect(q.len()).toBe(0); // not handed out concurrently
    let second: string | undefined;
    void q.get().then((k) => (second = k));
    await Promise.resolve();
    expect(second).toBeUndefined();
    q.done(key as string);
    await Promise.resolve();
    expect(second).toBe('k'); // exactly once more
    q.done('k');
    expect(q.len()).toBe(0);
  });

  it('wakes a waiting worker on add', async () => {
    const q = new WorkQueue();
    const next = q.get();
    q.add('x');
    expect(await next).toBe('x');
  });

  it('retries failures with per-key exponential backoff and forgets on success', async () => {
    vi.useFakeTimers();
    const q = new WorkQueue({ baseDelayMs: 100, maxDelayMs: 250 });
    expect(q.addRateLimited('k')).toBe(100);
    expect(q.len()).toBe(0);
    await vi.advanceTimersByTimeAsync(99);
    expect(q.len()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(q.len()).toBe(1);
    q.done((await q.get()) as string);
    expect(q.addRateLimited('k')).toBe(200);
    expect(q.addRateLimited('k')).toBe(250); // capped
    expect(q.numRequeues('k')).toBe(3);
    q.forget('k');
    expect(q.numRequeues('k')).toBe(0);
    expect(q.addRateLimited('k')).toBe(100);
  });

  it('keeps the earliest of several delayed adds of one key', async () => {
    vi.useFakeTimers();
    const q = new WorkQueue();
    q.addAfter('k', 1_000);
    q.addAfter('k', 50);
    q.addAfter('k', 5_000);
    await vi.advanceTimersByTimeAsync(50);
    expect(q.len()).toBe(1);
    q.done((await q.get()) as string);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(q.len()).toBe(0); // the later adds were folded into the first
  });

  it('reports depth and releases waiting workers on shutdown', async () => {
    const depths: number[] = [];
    const q = new WorkQueue({ onDepthChange: (d) => depths.push(d) });
    q.add('a');
    q.add('b');
    expect(depths.at(-1)).toBe(2);
    await q.get();
    expect(depths.at(-1)).toBe(1);
    await q.get();
    const waiting = q.get();
    q.shutDown();
    expect(await waiting).toBeUndefined();
    q.add('c');
    expect(q.len()).toBe(0);
    expect(await q.get()).toBeUndefined();
  });
});
