import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { loadCompanyTimeZone } from '../companies/company-time-zone.js';

/**
 * GET /messages-allMe: how many messages the company sent (fromMe) or received between two
 * days of its own calendar; answered as `{ count: [{ count }] }`, the shape its readers use.
 */
export async function countMessages(
  ctx: AppContext,
  o: { auth: Principal; fromMe?: boolean; dateStart?: string; dateEnd?: string },
) {
  const db = tenantData(ctx.ds, o.auth.companyId);
  const tz = await loadCompanyTimeZone(ctx, db.companyId);
  const [row] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM messages
      WHERE "companyId" = $1 AND "fromMe" = $2 AND "isPrivate" = false
        AND ($3::date IS NULL OR "createdAt" >= ($3::date::timestamp AT TIME ZONE $5))
        AND ($4::date IS NULL OR "createdAt" < (($4::date + 1)::timestamp AT TIME ZONE $5))`,
    [
      db.companyId,
      o.fromMe ?? true,
      o.dateStart?.slice(0, 10) ?? null,
      o.dateEnd?.slice(0, 10) ?? null,
      tz,
    ],
  );
  return { count: [{ count: row?.count ?? 0 }] };
}
