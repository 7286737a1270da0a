import type { TenantData } from '../../db/tenant-data.js';

/** A period as timestamps: `lo` inclusive, `hi` exclusive; open ends are ±infinity. */
export interface Bounds {
  lo: string;
  hi: string;
}

/**
 * The bounds of a period of calendar days in the company's time zone: `from`..`to` (both
 * inclusive, either may be open), or when `from` is absent the last `days` days with today.
 * PostgreSQL does the calendar arithmetic (its time zone data is the one the rows are compared
 * in); the counting queries then get plain timestamps, so the planner sees the real range and
 * picks an index scan or a sequential one by its size.
 */
export async function periodBounds(
  db: TenantData,
  timeZone: string,
  p: { days?: number; from?: string; to?: string },
): Promise<Bounds> {
  const [row] = await db.query<Bounds>(
    `SELECT (CASE
        WHEN $3::date IS NOT NULL THEN $3::date::timestamp AT TIME ZONE $1::text
        WHEN $2::int IS NOT NULL
          THEN ((now() AT TIME ZONE $1::text)::date - ($2::int - 1))::timestamp AT TIME ZONE $1::text
        ELSE '-infinity'::timestamptz
      END)::text AS lo,
      (CASE
        WHEN $4::date IS NOT NULL THEN ($4::date + 1)::timestamp AT TIME ZONE $1::text
        ELSE 'infinity'::timestamptz
      END)::text AS hi`,
    [timeZone, p.days ?? null, p.from ?? null, p.to ?? null],
  );
  return row!;
}
