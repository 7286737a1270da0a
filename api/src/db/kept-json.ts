/**
 * JSON texts kept per row id with the version of the rows they were built from (ticket-cards.ts,
 * message-cards.ts): a kept text answers only for the very version it was built from, so it is never
 * served after its rows changed. Past `max` entries the least recently stored goes first.
 */
export class KeptJson {
  private readonly kept = new Map<number, { version: string; json: string }>();

  constructor(private readonly max: number) {}

  /**
   * The texts of rows `keys` in their order: kept ones whose version matches, the others from
   * one `read` of their ids (kept for next time). A row `read` no longer finds is undefined; one
   * read at a newer version than its key serves as read.
   */
  async texts(
    keys: readonly { id: number; v: string }[],
    read: (ids: number[]) => Promise<{ id: number; v: string; json: string }[]>,
  ): Promise<(string | undefined)[]> {
    const current = (k: { id: number; v: string }) => {
      const entry = this.kept.get(k.id);
      return entry?.version === k.v ? entry.json : undefined;
    };
    const stale = keys.filter((k) => current(k) === undefined).map((k) => k.id);
    const fresh = new Map<number, string>();
    if (stale.length > 0) {
      for (const r of await read(stale)) {
        fresh.set(r.id, r.json);
        this.kept.delete(r.id);
        this.kept.set(r.id, { version: r.v, json: r.json });
        if (this.kept.size > this.max) this.kept.delete(this.kept.keys().next().value!);
      }
    }
    return keys.map((k) => fresh.get(k.id) ?? current(k));
  }
}
