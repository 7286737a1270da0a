import type { WAMessage } from '@whiskeysockets/baileys';
import type { InboundMessage } from '@atendo/domain';
import type { Logger } from 'pino';
import { isRetryable } from './internal-api.js';
import { mapMessage } from './map-message.js';
import { InboundSpool } from './spool.js';

/**
 * The message import's side of the session (docs/product/connections.md#import-of-old-messages): after a fresh pairing the phone
 * sends its history (`messaging-history.set`); what falls in the connection's import window is
 * handed to the api in batches, in order, and once no more arrives for a quiet period the api
 * is told the history ended. The api decides again what it keeps; filtering here only sends less.
 */

/** The connection's import, as GET /internal/sessions/me/history says. */
export interface HistoryWindow {
  enabled: boolean;
  from: string | null;
  to: string | null;
  groups: boolean;
}

/** Where batches go (the internal api). */
export interface HistorySink {
  postHistory(messages: InboundMessage[]): Promise<{ staged: number; enabled: boolean }>;
  historyComplete(): Promise<void>;
}

/** Messages per batch, and JSON bytes per batch (the api takes bodies up to 1 MB). */
export const HISTORY_BATCH_COUNT = 200;
export const HISTORY_BATCH_BYTES = 600_000;
/** No history for this long: the phone is done. */
export const HISTORY_QUIET_MS = 60_000;

/** The history messages to hand over: chat messages (no edits or revokes) inside the window. */
export function historyMessages(
  messages: WAMessage[],
  win: HistoryWindow,
  now = Date.now(),
): InboundMessage[] {
  if (!win.enabled || !win.from) return [];
  const from = Date.parse(win.from);
  const to = win.to ? Date.parse(win.to) : now;
  const out: InboundMessage[] = [];
  for (const m of messages) {
    const e = mapMessage(m);
    if (!e || e.type !== 'message' || e.timestamp === undefined) continue;
    if (e.group && !win.groups) continue;
    const at = e.timestamp * 1000;
    if (at < from || at > to) continue;
    out.push(e);
  }
  return out;
}

/** Splits messages into batches of at most `count` messages and about `bytes` of JSON. */
export function historyBatches(
  messages: InboundMessage[],
  count = HISTORY_BATCH_COUNT,
  bytes = HISTORY_BATCH_BYTES,
): InboundMessage[][] {
  const batches: InboundMessage[][] = [];
  let batch: InboundMessage[] = [];
  let size = 0;
  for (const m of messages) {
    let json = JSON.stringify(m).length;
    // A payload too big for a batch of its own travels without its raw copy.
    if (json > bytes) {
      m.raw = undefined;
      json = JSON.stringify(m).length;
    }
    if (batch.length && (batch.length >= count || size + json > bytes)) {
      batches.push(batch);
      batch = [];
      size = 0;
    }
    batch.push(m);
    size += json;
  }
  if (batch.length) batches.push(batch);
  return batches;
}

/** One spooled step of the import: a batch, or "the phone is done". */
export type HistoryItem = { batch: InboundMessage[] } | { complete: true };

/**
 * Collects one pairing's history and hands it over, one batch at a time. Batches are written
 * to their own spool (`dir`) as they arrive and leave it once the api took them: a reconnect,
 * an api outage or a restart neither drops queued batches nor holds the phone's whole history
 * in memory (a full import is hundreds of MB of payloads on a busy phone).
 */
export class HistoryCollector {
  private chain: Promise<void> = Promise.resolve();
  private quiet: NodeJS.Timeout | undefined;
  private active: boolean;
  private window: HistoryWindow;
  private readonly spool: InboundSpool<HistoryItem>;
  private opened: Promise<void> | null = null;

  constructor(
    private readonly o: {
      sink: HistorySink;
      window: HistoryWindow;
      logger: Logger;
      /** The spool directory (kept across reconnects and restarts). */
      dir: string;
      quietMs?: number;
      batchCount?: number;
      batchBytes?: number;
      retryMs?: (attempt: number) => number;
    },
  ) {
    this.window = o.window;
    this.active = o.window.enabled;
    this.spool = new InboundSpool<HistoryItem>({
      dir: o.dir,
      logger: o.logger,
      deliver: (entry) => this.deliver(entry.event),
      ...(o.retryMs ? { backoff: o.retryMs } : {}),
    });
  }

  /** Takes over batches a previous process left (posted first). */
  open(): Promise<void> {
    return (this.opened ??= this.spool.open());
  }

  /** The import window as the api says now (each connect asks again). */
  setWindow(window: HistoryWindow): void {
    this.window = window;
    this.active = window.enabled;
  }

  /** One `messaging-history.set`: its messages in the window are spooled for the api. */
  add(messages: WAMessage[]): void {
    if (!this.active) return;
    const kept = historyMessages(messages, this.window);
    for (const batch of historyBatches(kept, this.o.batchCount, this.o.batchBytes))
      this.enqueue(() => this.spool.add({ batch }));
    clearTimeout(this.quiet);
    this.quiet = setTimeout(() => this.complete(), this.o.quietMs ?? HISTORY_QUIET_MS);
  }

  /** The history ended: once every batch before it is handed over, the api is told. */
  complete(): void {
    clearTimeout(this.quiet);
    if (!this.active) return;
    this.enqueue(() => this.spool.add({ complete: true }));
  }

  /** Resolves once everything spooled so far was handed over (or refused for good). */
  async idle(ms = 60_000): Promise<void> {
    await this.chain;
    await this.spool.drain(ms);
  }

  /** Stops collecting (what is spooled still goes). */
  stop(): void {
    this.active = false;
    clearTimeout(this.quiet);
  }

  /** Stops posting (process end): what is left waits on disk for the next process. */
  close(): void {
    this.stop();
    this.spool.stop();
  }

  private enqueue(task: () => Promise<unknown>): void {
    this.chain = this.chain
      .then(() => this.open())
      .then(task)
      .then(() => undefined)
      .catch((err) => this.o.logger.warn({ err: String(err) }, 'history spool write failed'));
  }

  /**
   * Posts one spooled step: retried (by the spool, in order) while the api is down or busy;
   * an api that imports nothing any more ends collection and the rest is dropped.
   */
  private async deliver(item: HistoryItem): Promise<void> {
    if (!this.active && 'batch' in item) return;
    try {
      if ('batch' in item) {
        const r = await this.o.sink.postHistory(item.batch);
        if (!r.enabled) this.stop();
      } else {
        await this.o.sink.historyComplete();
      }
    } catch (err) {
      if (isRetryable(err)) throw err;
      this.o.logger.warn({ err: String(err) }, 'history hand-over refused');
    }
  }
}
