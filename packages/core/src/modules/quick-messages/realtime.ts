import type { AppContext } from '../../context.js';
import { rooms, type QuickMessageView } from '@atendo/domain';
import type { Pushes } from '../../events/pushes.js';

/**
 * `company-{id}-quickmessage`, only to those who see the message: a shared one to the whole
 * company; another to its owner and the admins (and a message no longer shared leaves the
 * others' lists as a delete).
 */
export function registerQuickMessageListeners({ events }: AppContext, realtime: Pushes): void {
  const emit = (companyId: number, record: QuickMessageView, action: 'create' | 'update') => {
    const payload = { action, record };
    if (record.geral) realtime.emit(companyId, 'quickmessage', [rooms.company], payload);
    else realtime.emit(companyId, 'quickmessage', ownerRooms(record.userId), payload);
  };
  events.on('quick_message.created', ({ companyId, record }) => emit(companyId, record, 'create'));
  events.on('quick_message.updated', ({ companyId, record, wasShared }) => {
    emit(companyId, record, 'update');
    if (wasShared && !record.geral) {
      realtime.emit(
        companyId,
        'quickmessage',
        [rooms.company],
        { action: 'delete', id: record.id },
        ownerRooms(record.userId),
      );
    }
  });
  events.on('quick_message.deleted', ({ companyId, id, userId, geral }) => {
    realtime.emit(companyId, 'quickmessage', geral ? [rooms.company] : ownerRooms(userId), {
      action: 'delete',
      id,
    });
  });
}

function ownerRooms(userId: number | null): string[] {
  return userId ? [rooms.user(userId), rooms.admins] : [rooms.admins];
}
