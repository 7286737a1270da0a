import type { DataSource } from 'typeorm';
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';

/**
 * An express-rate-limit store in PostgreSQL, so every api replica counts against the same
 * budget (a per-process counter multiplies it by the number of replicas).
 */
export class PostgresRateLimitStore implements Store {
  /** Counters are shared between processes. */
  localKeys = false;
  prefix: string;
  private windowMs = 60_000;
  private cleanup?: NodeJS.Timeout;

  constructor(
    private readonly ds: DataSource,
    prefix: string,
  ) {
    this.prefix = `${prefix}:`;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
    // Expired counters are only noise: drop them now and then.
    this.cleanup = setInterval(
      () => {
        void this.ds.query(`DELETE FROM rate_limits WHERE "resetAt" < now()`).catch(() => {});
      },
      Math.max(this.windowMs, 60_000),
    );
    this.cleanup.unref();
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const rows: { hits: number; resetAt: Date }[] = await this.ds.query(
      `SELECT hits, "resetAt" FROM rate_limits WHERE key = $1 AND "resetAt" > now()`,
      [this.prefix + key],
    );
    return rows[0] ? { totalHits: rows[0].hits, resetTime: rows[0].resetAt } : undefined;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    // One statement: a new window starts when the old one has passed.
    const rows: { hits: number; resetAt: Date }[] = await this.ds.query(
      `INSERT INTO rate_limits (key, hits, "resetAt") VALUES ($1, 1, now() + $2 * interval '1 millisecond')
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limits."resetAt" <= now() THEN 1 ELSE rate_limits.hits + 1 END,
         "resetAt" = CASE WHEN rate_limits."resetAt" <= now() THEN EXCLUDED."resetAt" ELSE rate_limits."resetAt" END
       RETURNING hits, "resetAt"`,
      [this.prefix + key, this.windowMs],
    );
    return { totalHits: rows[0]!.hits, resetTime: rows[0]!.resetAt };
  }

  async decrement(key: string): Promise<void> {
    await this.ds.query(
      `UPDATE rate_limits SET hits = GREATEST(hits - 1, 0) WHERE key = $1 AND "resetAt" > now()`,
      [this.prefix + key],
    );
  }

  async resetKey(key: string): Promise<void> {
    await this.ds.query(`DELETE FROM rate_limits WHERE key = $1`, [this.prefix + key]);
  }

  shutdown(): void {
    clearInterval(this.cleanup);
  }
}
