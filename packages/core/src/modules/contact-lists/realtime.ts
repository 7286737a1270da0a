import { rooms } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Pushes } from '../../events/pushes.js';
import { loadContactListView } from './contact-list-view.js';

/**
 * `company-{id}-contactList` to the whole company (every user with the campaigns plan sees the
 * lists) and `company-{id}-contactListItem` to the admins room (only admins see items): the
 * row as it is now, its id on delete, and `reload` after an import.
 */
export function registerContactListListeners(ctx: AppContext, realtime: Pushes): void {
  const { events } = ctx;
  const pushList = async (companyId: number, id: number, action: 'create' | 'update') => {
    const record = await loadContactListView(tenantData(ctx.ds, companyId), id).catch(() => null);
    if (record) realtime.emit(companyId, 'contactList', [rooms.company], { action, record });
  };
  events.on('contact_list.created', ({ companyId, contactListId }) =>
    pushList(companyId, contactListId, 'create'),
  );
  events.on('contact_list.updated', ({ companyId, contactListId }) =>
    pushList(companyId, contactListId, 'update'),
  );
  events.on('contact_list.deleted', ({ companyId, contactListId }) => {
    realtime.emit(companyId, 'contactList', [rooms.company], {
      action: 'delete',
      id: contactListId,
    });
  });
  events.on('contact_list_item.created', ({ companyId, record }) => {
    realtime.emit(companyId, 'contactListItem', [rooms.admins], { action: 'create', record });
  });
  events.on('contact_list_item.updated', ({ companyId, record }) => {
    realtime.emit(companyId, 'contactListItem', [rooms.admins], { action: 'update', record });
  });
  events.on('contact_list_item.deleted', ({ companyId, id, contactListId }) => {
    realtime.emit(companyId, 'contactListItem', [rooms.admins], {
      action: 'delete',
      id,
      contactListId,
    });
  });
  events.on('contact_list_item.reloaded', ({ companyId, contactListId }) => {
    realtime.emit(companyId, 'contactListItem', [rooms.admins], {
      action: 'reload',
      contactListId,
    });
  });
}
