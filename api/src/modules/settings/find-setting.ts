import { AppError, SETTING_DEFAULTS } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { isKnownKey, PLATFORM_COMPANY_ID, PLATFORM_KEYS, settingsOf } from './settings-store.js';

/** One setting of a company; ERR_NO_SETTING_FOUND when it has none and no default exists. */
export async function findSetting(ctx: AppContext, o: { companyId: number; key: string }) {
  if (!isKnownKey(o.key)) throw new AppError('ERR_NO_SETTING_FOUND');
  const companyId = PLATFORM_KEYS.includes(o.key) ? PLATFORM_COMPANY_ID : o.companyId;
  const row = await settingsOf(ctx, companyId).findOne({ where: { key: o.key } });
  if (row) return { key: row.key, value: row.value };
  if (Object.hasOwn(SETTING_DEFAULTS, o.key))
    return { key: o.key, value: SETTING_DEFAULTS[o.key]! };
  throw new AppError('ERR_NO_SETTING_FOUND');
}
