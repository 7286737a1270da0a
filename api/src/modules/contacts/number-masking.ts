import { masksContactNumbers } from '@atendo/domain';
import type { TenantData } from '../../db/tenant-data.js';
import type { Principal } from '../auth/tokens.js';

/** The company's LGPD switches that decide number masking. */
export async function lgpdHidesNumbers(db: TenantData): Promise<boolean> {
  const rows = await db.query<{ key: string; value: string | null }>(
    `SELECT key, value FROM settings
      WHERE "companyId" = $1 AND key IN ('enableLGPD', 'lgpdHideNumber')`,
    [db.companyId],
  );
  const settings = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  return masksContactNumbers(settings, 'user');
}

/**
 * Whether the caller sees contact numbers masked (spec 1 §6): profile users of a company with
 * LGPD and hide-number enabled. Admins never do, and then no setting is read.
 */
export async function masksNumbersFor(db: TenantData, auth: Principal): Promise<boolean> {
  if (auth.profile !== 'user') return false;
  return lgpdHidesNumbers(db);
}
