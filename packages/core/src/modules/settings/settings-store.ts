/** What the settings use cases share: where platform keys live and which keys exist. */
import { PLATFORM_COMPANY_ID, SETTING_DEFAULTS, WHITELABEL_KEYS } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { SettingEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';

export { PLATFORM_COMPANY_ID };

/** Keys that belong to the platform, not to a tenant: only super admins change them. */
export const PLATFORM_KEYS: readonly string[] = ['userCreation', ...WHITELABEL_KEYS];

/** True for a key the platform knows (own keys only: `toString` or `__proto__` are not settings). */
export const isKnownKey = (key: string): boolean =>
  Object.hasOwn(SETTING_DEFAULTS, key) || PLATFORM_KEYS.includes(key);

/** The settings of one company. */
export const settingsOf = (ctx: AppContext, companyId: number) =>
  tenantData(ctx.ds, companyId).of(SettingEntity);
