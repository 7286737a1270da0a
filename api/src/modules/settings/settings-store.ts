import {
  AppError,
  PUBLIC_SETTING_KEYS,
  SETTING_DEFAULTS,
  WHITELABEL_KEYS,
  settingValueError,
} from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { Setting } from '../../db/entities/index.js';
import { tenantRepository } from '../../db/tenant.js';
import type { Principal } from '../auth/tokens.js';

/** The platform's own company; platform-wide settings (userCreation, whitelabel) live there. */
export const PLATFORM_COMPANY_ID = 1;

/** Keys that belong to the platform, not to a tenant: only super admins change them. */
export const PLATFORM_KEYS: readonly string[] = ['userCreation', ...WHITELABEL_KEYS];

/** True for a key the platform knows (own keys only: `toString` or `__proto__` are not settings). */
const isKnownKey = (key: string): boolean =>
  Object.hasOwn(SETTING_DEFAULTS, key) || PLATFORM_KEYS.includes(key);

const settingsOf = (ctx: AppContext, companyId: number) =>
  tenantRepository<Setting>(ctx.ds, 'Setting', companyId);

/** A company's settings as key/value, ordered by key. */
export async function listSettings(ctx: AppContext, o: { companyId: number }) {
  const rows = await settingsOf(ctx, o.companyId).find({ order: { key: 'ASC' } });
  return rows.map((s) => ({ key: s.key, value: s.value }));
}

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

/** A public setting's value for the unauthenticated client, or null. */
export async function findPublicSetting(
  ctx: AppContext,
  o: { key: string },
): Promise<string | null> {
  if (!(PUBLIC_SETTING_KEYS as readonly string[]).includes(o.key)) return null;
  const row = await settingsOf(ctx, PLATFORM_COMPANY_ID).findOne({ where: { key: o.key } });
  return row?.value ?? null;
}

/**
 * Sets one setting (admins; platform keys only for super admins, stored on the platform
 * company). The value is checked against the key's rule; bad values change nothing.
 */
export async function updateSetting(
  ctx: AppContext,
  o: { auth: Principal; key: string; value: string },
) {
  const platform = PLATFORM_KEYS.includes(o.key);
  if (platform && !o.auth.super) throw new AppError('ERR_NO_PERMISSION');
  if (!isKnownKey(o.key)) throw new AppError('ERR_NO_SETTING_FOUND');
  const problem = settingValueError(o.key, o.value);
  if (problem)
    throw new AppError('ERR_VALIDATION', { fields: [{ field: 'value', message: problem }] });
  const companyId = platform ? PLATFORM_COMPANY_ID : o.auth.companyId;
  await ctx.ds
    .getRepository<Setting>('Setting')
    .upsert({ companyId, key: o.key, value: o.value }, { conflictPaths: ['companyId', 'key'] });
  ctx.events.publish('setting.updated', { companyId, key: o.key, value: o.value });
  return { key: o.key, value: o.value };
}

/** The settings of a company the caller may see (own, or any for super). */
export async function listCompanySettings(
  ctx: AppContext,
  o: { auth: Principal; companyId: number },
) {
  if (!o.auth.super && o.auth.companyId !== o.companyId) throw new AppError('ERR_NO_COMPANY_FOUND');
  return listSettings(ctx, { companyId: o.companyId });
}
