import { AppError, messageRuleOf, settingValueError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../access/principal.js';
import { findSetting } from './find-setting.js';
import { isKnownKey, PLATFORM_COMPANY_ID, PLATFORM_KEYS, settingsOf } from './settings-store.js';

/**
 * Sets one setting (admins; platform keys only for super admins, stored on the platform
 * company). The value is checked against the key's rule; bad values change nothing. A message a
 * switched-on feature sends (transfer, greeting on accept, queue position, refused call) cannot
 * be emptied while that feature is on: ERR_SETTING_MESSAGE_REQUIRED, naming the feature.
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
  const rule = messageRuleOf(o.key);
  if (rule && o.value.trim() === '') {
    const feature = await findSetting(ctx, { companyId: o.auth.companyId, key: rule.feature });
    if (feature.value === rule.when)
      throw new AppError('ERR_SETTING_MESSAGE_REQUIRED', {
        fields: [{ field: 'value', message: `Required while ${rule.feature} is ${rule.when}` }],
        data: { key: o.key, feature: rule.feature },
      });
  }
  const companyId = platform ? PLATFORM_COMPANY_ID : o.auth.companyId;
  await settingsOf(ctx, companyId).upsert({ key: o.key, value: o.value }, ['companyId', 'key']);
  ctx.events.publish('setting.updated', { companyId, key: o.key, value: o.value });
  return { key: o.key, value: o.value };
}
