import { AppError, SETTING_DEFAULTS } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { withCompany } from '../../db/tenant-scope.js';
import { isKnownKey, PLATFORM_COMPANY_ID, PLATFORM_KEYS, settingsOf } from './settings-store.js';

/** One setting of a company; ERR_NO_SETTING_FOUND when it has none and no default exists. */
export async function findSetting(ctx: AppContext, o: { companyId: number; key: string }) {
  if (!isKnownKey(o.key)) throw new AppError('ERR_NO_SETTING_FOUND');
  const platform = PLATFORM_KEYS.includes(o.key);
  const read = () =>
    settingsOf(ctx, platform ? PLATFORM_COMPANY_ID : o.companyId).findOne({
      where: { key: o.key },
    });
  // Platform keys (whitelabel, userCreation) live on the platform company and every user reads
  // them: the one place a company's request reads another company's rows, named here.
  const row = platform ? await withCompany(PLATFORM_COMPANY_ID, read) : await read();
  if (row) return { key: row.key, value: row.value };
  if (Object.hasOwn(SETTING_DEFAULTS, o.key))
    return { key: o.key, value: SETTING_DEFAULTS[o.key]! };
  throw new AppError('ERR_NO_SETTING_FOUND');
}
