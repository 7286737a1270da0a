/**
 * Leader election through a coordination.k8s.io/v1 Lease, after client-go's leaderelection:
 * - a candidate takes the Lease when it is free (no holder, released) or when the holder has
 *   not renewed it for leaseDurationSeconds, measured on the candidate's own clock from when it
 *   last saw the Lease change (no cross-node clock comparison);
 * - the leader renews every retryPeriod; when it cannot renew for renewDeadline, or sees someone
 *   else holding the Lease, it stops leading (stops reconciling) and becomes a candidate again;
 * - every write carries the resourceVersion read, so two candidates never both win;
 * - stop() stops leading first, then releases the Lease so a standby takes over at once.
 */
import { CoordinationV1Api, V1MicroTime, type KubeConfig, type V1Lease } from '@kubernetes/client-node';
import type { Logger } from 'pino';
import { describeError, isConflict, isNotFound } from './errors.js';

export interface LeaderElectionOptions {
  kc: KubeConfig;
  namespace: string;
  name: string;
  identity: string;
  logger: Logger;
  /** How long a Lease stays valid without renewal. Default 15 s. */
  leaseDurationSeconds?: number;
  /** How long the leader keeps trying to renew before it gives up leading. Default 10 s. */
  renewDeadlineMs?: number;
  /** Interval between acquire/renew attempts. Default 2 s. */
  retryPeriodMs?: number;
  /** Called when this instance becomes the leader. */
  onStartedLeading: () => Promise<void>;
  /** Called when this instance stops leading (lost the Lease or stop()); must stop all work. */
  onStoppedLeading: () => Promise<void>;
}

/** Runs the acquire/renew loop for one identity. */
export class LeaderElector {
  private readonly coordination: CoordinationV1Api;
  private readonly leaseDurationSeconds: number;
  private readonly renewDeadlineMs: number;
  private readonly retryPeriodMs: number;
  private leader = false;
  private stopped = true;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  /** resourceVersion of the Lease as last seen, and when (local clock) it was first seen. */
  private observed: { resourceVersion: string; at: number } | undefined;

  constructor(private readonly options: LeaderElectionOptions) {
    this.coordination = options.kc.makeApiClient(CoordinationV1Api);
    this.leaseDurationSeconds = options.leaseDurationSeconds ?? 15;
    this.renewDeadlineMs = options.renewDeadlineMs ?? 10_000;
    this.retryPeriodMs = options.retryPeriodMs ?? 2_000;
    if (this.renewDeadlineMs >= this.leaseDurationSeconds * 1000) {
      throw new Error('renewDeadline must be shorter than leaseDuration');
    }
  }

  /** True while this instance holds the Lease and is leading. */
  isLeader(): boolean {
    return this.leader;
  }

  /** Starts competing for the Lease (returns at once). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loop = this.run();
  }

  /** Stops leading (awaiting onStoppedLeading), releases the Lease, and stops competing. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.wake?.();
    await this.loop;
    if (this.leader) await this.stepDown('stopping');
    // Also when the last attempt took the Lease just as stop() was called.
    await this.release();
  }

  private async run(): Promise<void> {
    const log = this.options.logger;
    let lastRenew = 0;
    while (!this.stopped) {
      let outcome: 'acquired' | 'held-by-other' | 'error';
      try {
        outcome = (await this.tryAcquireOrRenew()) ? 'acquired' : 'held-by-other';
      } catch (err) {
        outcome = 'error';
        log.warn({ lease: this.options.name, err: describeError(err) }, 'Lease acquire/renew failed');
      }
      if (this.stopped) break;
      const now = Date.now();
      if (outcome === 'acquired') {
        lastRenew = now;
        if (!this.leader) {
          this.leader = true;
          log.info({ lease: this.options.name, identity: this.options.identity }, 'Became leader');
          try {
            await this.options.onStartedLeading();
          } catch (err) {
            log.error({ err: describeError(err) }, 'Could not start leading; stepping down');
            await this.stepDown('start failed');
            await this.release();
          }
        }
      } else if (this.leader && (outcome === 'held-by-other' || now - lastRenew > this.renewDeadlineMs)) {
        await this.stepDown(outcome === 'held-by-other' ? 'lease taken' : 'renew deadline exceeded');
      }
      await this.sleep(this.leader ? this.retryPeriodMs : jitter(this.retryPeriodMs));
    }
  }

  private async stepDown(why: string): Promise<void> {
    this.leader = false;
    this.options.logger.warn({ lease: this.options.name, identity: this.options.identity, why }, 'Stopped leading');
    try {
      await this.options.onStoppedLeading();
    } catch (err) {
      this.options.logger.error({ err: describeError(err) }, 'onStoppedLeading failed');
    }
  }

  /** One attempt; true when this identity holds the Lease afterwards. */
  private async tryAcquireOrRenew(): Promise<boolean> {
    const { namespace, name, identity } = this.options;
    const now = Date.now();
    let lease: V1Lease;
    try {
      lease = await this.coordination.readNamespacedLease({ name, namespace });
    } catch (err) {
      if (!isNotFound(err)) throw err;
      try {
        await this.coordination.createNamespacedLease({
          namespace,
          body: {
            metadata: { name, namespace },
            spec: {
              holderIdentity: identity,
              leaseDurationSeconds: this.leaseDurationSeconds,
              acquireTime: new V1MicroTime(now),
              renewTime: new V1MicroTime(now),
              leaseTransitions: 0,
            },
          },
        });
        return true;
      } catch (createErr) {
        if (isConflict(createErr)) return false; // another candidate created it first
        throw createErr;
      }
    }

    const resourceVersion = lease.metadata?.resourceVersion ?? '';
    if (this.observed?.resourceVersion !== resourceVersion) {
      this.observed = { resourceVersion, at: now };
    }
    const spec = lease.spec ?? {};
    const holder = spec.holderIdentity ?? '';
    const durationMs = (spec.leaseDurationSeconds ?? this.leaseDurationSeconds) * 1000;
    if (holder && holder !== identity && this.observed.at + durationMs > now) return false;

    const takingOver = holder !== identity;
    const body: V1Lease = {
      ...lease,
      spec: {
        ...spec,
        acquireTime: micro(spec.acquireTime),
        holderIdentity: identity,
        leaseDurationSeconds: this.leaseDurationSeconds,
        renewTime: new V1MicroTime(now),
        ...(takingOver
          ? { acquireTime: new V1MicroTime(now), leaseTransitions: (spec.leaseTransitions ?? 0) + 1 }
          : {}),
      },
    };
    try {
      const updated = await this.coordination.replaceNamespacedLease({ name, namespace, body });
      this.observed = { resourceVersion: updated.metadata?.resourceVersion ?? '', at: now };
      return true;
    } catch (err) {
      if (isConflict(err)) return false; // changed since read: someone else renewed or took it
      throw err;
    }
  }

  /** Gives the Lease up (empty holder) so a standby can take it without waiting for expiry. */
  private async release(): Promise<void> {
    const { namespace, name, identity } = this.options;
    try {
      const lease = await this.coordination.readNamespacedLease({ name, namespace });
      if (lease.spec?.holderIdentity !== identity) return;
      const now = new V1MicroTime();
      await this.coordination.replaceNamespacedLease({
        name,
        namespace,
        body: {
          ...lease,
          spec: {
            ...lease.spec,
            holderIdentity: undefined,
            leaseDurationSeconds: 1,
            renewTime: now,
            acquireTime: now,
          },
        },
      });
      this.options.logger.info({ lease: name, identity }, 'Released lease');
    } catch (err) {
      if (isNotFound(err)) return;
      this.options.logger.warn({ lease: name, err: describeError(err) }, 'Could not release lease');
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}

/** Re-wraps a time read back (string or Date) so it serializes with microsecond precision. */
function micro(value: Date | string | undefined): V1MicroTime | undefined {
  return value === undefined ? undefined : new V1MicroTime(new Date(value));
}

/** Up to +20 % so candidates started together do not retry in lockstep. */
function jitter(ms: number): number {
  return Math.round(ms * (1 + Math.random() * 0.2));
}
