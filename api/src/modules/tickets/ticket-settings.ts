import { SETTING_DEFAULTS } from '@atendo/domain';
import { SettingEntity } from '../../db/entities/index.js';
import type { TenantData } from '../../db/tenant-data.js';

type Key = string;

/** The company settings the ticket rules read, with the platform's defaults filled in. */
export async function readSettings<K extends Key>(
  db: TenantData,
  keys: readonly K[],
): Promise<Record<K, string>> {
  const rows = await db.of(SettingEntity).find({
    where: keys.map((key) => ({ key })),
    select: { key: true, value: true },
  });
  const out = {} as Record<K, string>;
  for (const key of keys)
    out[key] = rows.find((r) => r.key === key)?.value ?? SETTING_DEFAULTS[key] ?? '';
  return out;
}

export const isOn = (value: string | undefined): boolean => value === 'enabled' || value === 'true';
