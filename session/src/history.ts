import type { WAMessage } from '@whiskeysockets/baileys';
import type { InboundMessage } from '@atendo/domain';
import type { Logger } from 'pino';
import { mapMessage } from './map-message.js';

/**
 * The message import's side of the session (BEHAVIOUR G): after a fresh pairing the phone
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Collects one pairing's history and hands it over, one batch at a time. */
export class HistoryCollector {
  private chain: Promise<void> = Promise.resolve();
  private quiet: NodeJS.Timeout | undefined;
  private active: boolean;

  constructor(
    private readonly o: {
      sink: HistorySink;
      window: HistoryWindow;
      logger: Logger;
      quietMs?: number;
      batchCount?: number;
      batchBytes?: number;
    },
  ) {
    this.active = o.window.enabled;
  }

  /** One `messaging-history.set`: its messages in the window are queued for the api. */
  add(messages: WAMessage[]): void {
    if (!this.active) return;
    const kept = historyMessages(messages, this.o.window);
    for (const batch of historyBatches(kept, this.o.batchCount, this.o.batchBytes))
      this.enqueue(() => this.post(batch));
    clearTimeout(this.quiet);
    this.quiet = setTimeout(() => this.complete(), this.o.quietMs ?? HISTORY_QUIET_MS);
  }

  /** The history ended: once every queued batch is handed over, the api is told. */
  complete(): void {
    clearTimeout(this.quiet);
    if (!this.active) return;
    this.enqueue(() => this.o.sink.historyComplete());
  }

  /** Resolves once everything queued so far was handed over (or given up). */
  idle(): Promise<void> {
    return this.chain;
  }

  stop(): void {
    this.active = false;
    clearTimeout(this.quiet);
  }

  private enqueue(task: () => Promise<void>): void {
    this.chain = this.chain
      .then(task)
      .catch((err) => this.o.logger.warn({ err: String(err) }, 'history hand-over failed'));
  }

  /** Posts a batch, retrying the api a few times; an api that imports nothing ends collection. */
  private async post(batch: InboundMessage[]): Promise<void> {
    if (!this.active) return;
    for (let attempt = 0; ; attempt++) {
      try {
        const r = await this.o.sink.postHistory(batch);
        if (!r.enabled) this.stop();
        return;
      } catch (err) {
        if (attempt >= 4) throw err;
        await sleep(1000 * 2 ** attempt);
      }
    }
  }
}
