import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';

/** Every contact of the caller's company, short (pickers). */
export async function listAllContacts(ctx: AppContext, o: { auth: Principal }) {
  const db = tenantData(ctx.ds, o.auth.companyId);
  const rows = await db.prepared<{
    id: number;
    name: string;
    channel: string;
    number: string | null;
  }>(
    'contacts-all',
    `SELECT c.id, c.name, c.channel, c.number FROM contacts c
      WHERE c."companyId" = $1 ORDER BY c.name, c.id`,
    [o.auth.companyId],
  );
  return rows;
}
