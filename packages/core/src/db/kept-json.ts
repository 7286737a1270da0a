/**
 * Values kept per row id with the version they were built from: a kept value answers only for
 * the very version it was built from, so it is never served after what it was built from
 * changed. Past `max` entries the least recently stored goes first.
 */
export class Kept<T> {
  private readonly kept = new Map<number, { version: string; value: T }>();

  constructor(private readonly max: number) {}

  /** The value kept for `id` at `version`, else undefined. */
  get(id: number, version: string): T | undefined {
    const entry = this.kept.get(id);
    return entry?.version === version ? entry.value : undefined;
  }

  set(id: number, version: string, value: T): void {
    this.kept.delete(id);
    this.kept.set(id, { version, value });
    if (this.kept.size > this.max) this.kept.delete(this.kept.keys().next().value!);
  }
}

/**
 * JSON texts of rows (ticket-cards.ts, message-cards.ts), kept as UTF-8 bytes: an answer put
 * together from them is copied, never built as a string and encoded again on every request.
 */
export class KeptJson {
  private readonly kept: Kept<Buffer>;

  constructor(max: number) {
    this.kept = new Kept(max);
  }

  /**
   * The texts of rows `keys` in their order: kept ones whose version matches, the others from
   * one `read` of their ids (kept for next time). A row `read` no longer finds is undefined; one
   * read at a newer version than its key serves as read.
   */
  async texts(
    keys: readonly { id: number; v: string }[],
    read: (ids: number[]) => Promise<{ id: number; v: string; json: string }[]>,
  ): Promise<(Buffer | undefined)[]> {
    const stale = keys.filter((k) => this.kept.get(k.id, k.v) === undefined).map((k) => k.id);
    const fresh = new Map<number, Buffer>();
    if (stale.length > 0) {
      for (const r of await read(stale)) {
        const bytes = Buffer.from(r.json);
        fresh.set(r.id, bytes);
        this.kept.set(r.id, r.v, bytes);
      }
    }
    return keys.map((k) => fresh.get(k.id) ?? this.kept.get(k.id, k.v));
  }
}
