import fs from 'node:fs/promises';
import path from 'node:path';
import type { InboundEvent } from '@atendo/domain';
import type { Logger } from 'pino';

/**
 * The inbound spool: every event WhatsApp hands the session is written to disk before it is
 * posted to the api, and leaves the disk only once the api has taken it (or refused it for
 * good). Baileys acknowledges a message to WhatsApp before it emits it and WhatsApp never
 * redelivers, so this file is the message's only copy until the api stores it: an api outage
 * of any length, a SIGTERM with events queued, or a crash of the session loses nothing (the
 * next process on the same directory posts what is left, in order).
 *
 * One entry is `<seq>.json` (the event) plus, for media, `<seq>.media` (the downloaded bytes,
 * streamed there, never held whole in memory). Memory holds only the sequence numbers, so a
 * backlog of hours costs a few bytes per event. Delivery is one at a time, in order.
 */

/** A media file beside an event. */
export interface SpooledMedia {
  /** Absolute path of the bytes. */
  path: string;
  mimetype: string;
  fileName?: string | null;
  size: number;
}

/** One spooled event, as the deliverer sees it. */
export interface SpoolEntry<T = InboundEvent> {
  seq: number;
  event: T;
  media: SpooledMedia | null;
}

/**
 * What delivering an entry came to: `done` (stored, or refused for good and logged) leaves the
 * spool; a thrown error means "try again later" (with backoff), the entry stays first in line.
 */
export type Deliver<T = InboundEvent> = (entry: SpoolEntry<T>) => Promise<unknown>;

export interface SpoolOptions<T = InboundEvent> {
  dir: string;
  deliver: Deliver<T>;
  logger: Logger;
  /** Entries kept at most; beyond it new events are refused (logged, counted). */
  maxEntries?: number;
  /** Media bytes kept at most; beyond it new media is refused (the event still goes, without it). */
  maxMediaBytes?: number;
  /** Backoff before retrying a failed delivery (attempt 0, 1, …). */
  backoff?: (attempt: number) => number;
}

interface Stored<T> {
  event: T;
  media?: { file: string; mimetype: string; fileName?: string | null; size: number } | null;
}

const ENTRY = /^(\d{12})\.json$/;
const name = (seq: number) => String(seq).padStart(12, '0');

function defaultBackoff(attempt: number): number {
  const base = Math.min(30_000, 500 * 2 ** Math.min(attempt, 6));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

export class InboundSpool<T = InboundEvent> {
  private readonly pending: number[] = [];
  private readonly waiting = new Map<number, (result: unknown) => void>();
  private nextSeq = 1;
  private mediaBytes = 0;
  private draining = false;
  private stopped = false;
  private wake: (() => void) | null = null;
  private idle: (() => void)[] = [];
  private retryTimer: NodeJS.Timeout | undefined;
  /** Events refused because the spool was full (a figure for the logs). */
  refused = 0;

  constructor(private readonly o: SpoolOptions<T>) {}

  /** Entries waiting for the api. */
  get size(): number {
    return this.pending.length;
  }

  /** Creates the directory and takes over what a previous process left (posted first). */
  async open(): Promise<void> {
    await fs.mkdir(this.o.dir, { recursive: true, mode: 0o700 });
    const names = await fs.readdir(this.o.dir);
    const seqs: number[] = [];
    for (const n of names) {
      const m = ENTRY.exec(n);
      if (m) seqs.push(Number(m[1]));
      else if (n.endsWith('.tmp')) await fs.rm(path.join(this.o.dir, n), { force: true });
    }
    seqs.sort((a, b) => a - b);
    const live = new Set(seqs.map(name));
    for (const n of names) {
      // Media whose event was never written (a crash between the two): nothing refers to it.
      if (n.endsWith('.media') && !live.has(n.slice(0, -6)))
        await fs.rm(path.join(this.o.dir, n), { force: true });
      else if (n.endsWith('.media'))
        this.mediaBytes += (await fs.stat(path.join(this.o.dir, n))).size;
    }
    this.pending.push(...seqs);
    this.nextSeq = (seqs.at(-1) ?? 0) + 1;
    if (seqs.length)
      this.o.logger.info({ events: seqs.length }, 'spooled events from a previous run');
    this.kick();
  }

  /** A fresh path for media bytes of the next entry (write them, then call `add`). */
  reserveMedia(): { seq: number; path: string } {
    const seq = this.nextSeq++;
    return { seq, path: path.join(this.o.dir, `${name(seq)}.media`) };
  }

  /** Whether `bytes` more of media fit in the spool. */
  mediaFits(bytes: number): boolean {
    return this.mediaBytes + bytes <= (this.o.maxMediaBytes ?? 512 * 1024 * 1024);
  }

  /**
   * Writes an event (and its media, already at `reserved.path`) and queues it. Resolves once it
   * is on disk; `onResult` (optional) gets the deliverer's answer when it is posted.
   */
  async add(
    event: T,
    media?: {
      reserved: { seq: number; path: string };
      mimetype: string;
      fileName?: string | null;
      size: number;
    } | null,
    onResult?: (result: unknown) => void,
  ): Promise<boolean> {
    const seq = media ? media.reserved.seq : this.nextSeq++;
    if (this.pending.length >= (this.o.maxEntries ?? 50_000)) {
      this.refused++;
      this.o.logger.error({ seq, refused: this.refused }, 'spool full: event dropped');
      if (media) await fs.rm(media.reserved.path, { force: true });
      return false;
    }
    const stored: Stored<T> = {
      event,
      media: media
        ? {
            file: path.basename(media.reserved.path),
            mimetype: media.mimetype,
            fileName: media.fileName ?? null,
            size: media.size,
          }
        : null,
    };
    const file = path.join(this.o.dir, `${name(seq)}.json`);
    await fs.writeFile(`${file}.tmp`, JSON.stringify(stored), { mode: 0o600 });
    await fs.rename(`${file}.tmp`, file);
    if (media) this.mediaBytes += media.size;
    // Sequence numbers are handed out in arrival order but written after awaits: keep order.
    let i = this.pending.length;
    while (i > 0 && this.pending[i - 1]! > seq) i--;
    this.pending.splice(i, 0, seq);
    if (onResult) this.waiting.set(seq, onResult);
    this.kick();
    return true;
  }

  /** Resolves once nothing is left to post, or after `ms` (what is left stays on disk). */
  async drain(ms: number): Promise<boolean> {
    if (!this.pending.length && !this.draining) return true;
    let timer: NodeJS.Timeout | undefined;
    const done = await Promise.race([
      new Promise<boolean>((resolve) => this.idle.push(() => resolve(true))),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
    ]);
    clearTimeout(timer);
    return done;
  }

  /** Stops posting (after the current delivery); entries stay on disk for the next process. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.wake?.();
    this.wake = null;
  }

  private kick(): void {
    // A loop waiting out a backoff keeps waiting: new events must not hammer a failing api.
    if (!this.draining && !this.stopped) void this.loop();
  }

  private async loop(): Promise<void> {
    this.draining = true;
    let attempt = 0;
    try {
      while (!this.stopped && this.pending.length) {
        const seq = this.pending[0]!;
        const file = path.join(this.o.dir, `${name(seq)}.json`);
        let stored: Stored<T>;
        try {
          stored = JSON.parse(await fs.readFile(file, 'utf8')) as Stored<T>;
        } catch (err) {
          this.o.logger.error({ err: String(err), seq }, 'unreadable spool entry dropped');
          await this.forget(seq, null);
          continue;
        }
        const media = stored.media
          ? { ...stored.media, path: path.join(this.o.dir, stored.media.file) }
          : null;
        let result: unknown;
        try {
          result = await this.o.deliver({ seq, event: stored.event, media });
        } catch (err) {
          const delay = (this.o.backoff ?? defaultBackoff)(attempt++);
          this.o.logger.warn(
            { err: String(err), seq, waiting: this.pending.length, retryInMs: delay },
            'api did not take the event; retrying',
          );
          await new Promise<void>((resolve) => {
            this.wake = resolve;
            this.retryTimer = setTimeout(resolve, delay);
          });
          this.wake = null;
          continue;
        }
        attempt = 0;
        await this.forget(seq, media);
        this.waiting.get(seq)?.(result);
        this.waiting.delete(seq);
      }
    } finally {
      this.draining = false;
    }
    if (!this.pending.length) for (const f of this.idle.splice(0)) f();
  }

  private async forget(seq: number, media: SpooledMedia | null): Promise<void> {
    if (media) {
      await fs.rm(media.path, { force: true });
      this.mediaBytes = Math.max(0, this.mediaBytes - media.size);
    }
    await fs.rm(path.join(this.o.dir, `${name(seq)}.json`), { force: true });
    this.pending.shift();
  }
}
