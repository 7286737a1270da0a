import { EntitySchema } from 'typeorm';
import { int, timestamptz, varchar } from './columns.js';

/** A rate-limit counter shared by every api replica (platform-level: keys carry their scope). */
export interface RateLimit {
  key: string;
  hits: number;
  resetAt: Date;
}

export const RateLimitEntity = new EntitySchema<RateLimit>({
  name: 'RateLimit',
  tableName: 'rate_limits',
  columns: {
    key: varchar({ primary: true }),
    hits: int({ default: 0 }),
    resetAt: timestamptz(),
  },
  indices: [{ columns: ['resetAt'] }],
});
