import { publicSettingKeys } from '@/lib/public-settings';
import { eventBinding } from '@/lib/realtime/socket-cache';
import { settingKeys } from './queries';

/**
 * `company-{id}-settings`: `{action: update, setting: {key, value}}`. Settings are keyed by
 * name; the public ones (userCreation…) are read before login, so they are refetched too.
 */
export const settingSocketBinding = eventBinding({
  entity: 'settings',
  recordField: 'setting',
  idOf: (setting) => setting.key,
  lists: [{ queryKey: settingKeys.list(), insertAt: 'end' }],
  detail: (key) => settingKeys.detail(String(key)),
  invalidate: [publicSettingKeys.all],
});
