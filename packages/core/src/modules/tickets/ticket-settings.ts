import { SETTING_DEFAULTS } from '@atendo/domain';
import type { TenantData } from '../../db/tenant-data.js';

type Key = string;

/** The company settings the ticket rules read, with the platform's defaults filled in. */
export async function readSettings<K extends Key>(
  db: TenantData,
  keys: readonly K[],
): Promise<Record<K, string>> {
  // Every ticket transition and inbound message reads settings: one planned statement.
  const rows = await db.prepared<{ key: string; value: string }>(
    'settings-by-key',
    `SELECT key, value FROM settings WHERE "companyId" = $1 AND key = ANY($2::text[])`,
    [db.companyId, keys],
  );
  return withDefaults(keys, rows);
}

/** Settings rows read elsewhere as one value per key, the platform's defaults filled in. */
export function withDefaults<K extends Key>(
  keys: readonly K[],
  rows: { key: string; value: string }[],
): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const key of keys)
    out[key] = rows.find((r) => r.key === key)?.value ?? SETTING_DEFAULTS[key] ?? '';
  return out;
}

export const isOn = (value: string | undefined): boolean => value === 'enabled' || value === 'true';
