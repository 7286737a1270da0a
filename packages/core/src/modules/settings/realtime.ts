import { rooms } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import type { Pushes } from '../../events/pushes.js';

/** `company-{id}-settings` to the whole company: settings change what every console shows. */
export function registerSettingListeners({ events }: AppContext, realtime: Pushes): void {
  events.on('setting.updated', ({ companyId, key, value }) => {
    realtime.emit(companyId, 'settings', [rooms.company], {
      action: 'update',
      setting: { key, value },
    });
  });
}
