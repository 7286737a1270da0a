import { rooms, type ContactViewRow } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Pushes } from '../../realtime/server.js';
import { loadContactView, maskedView } from './contact-view.js';
import { lgpdHidesNumbers } from './number-masking.js';

/**
 * `company-{id}-contact` to everyone of the company (contacts are company-wide). Under LGPD
 * hide-number the full number goes to the admins room only and everyone else gets it masked,
 * as the list shows it to them.
 */
export function registerContactListeners(ctx: AppContext, realtime: Pushes): void {
  const push = async (companyId: number, action: 'create' | 'update', contact: ContactViewRow) => {
    if (!(await lgpdHidesNumbers(tenantData(ctx.ds, companyId)))) {
      realtime.emit(companyId, 'contact', [rooms.company], { action, contact });
      return;
    }
    realtime.emit(companyId, 'contact', [rooms.admins], { action, contact });
    realtime.emit(
      companyId,
      'contact',
      [rooms.company],
      { action, contact: maskedView(contact, true) },
      [rooms.admins],
    );
  };
  ctx.events.on('contact.created', ({ companyId, contact }) => push(companyId, 'create', contact));
  ctx.events.on('contact.updated', ({ companyId, contact }) => push(companyId, 'update', contact));
  // A contact's tags changed (tag sync, a tag removed from it): its rows show the new chips.
  ctx.events.on('contact.tags_changed', async ({ companyId, contactId }) => {
    const contact = await loadContactView(tenantData(ctx.ds, companyId), contactId).catch(
      () => null,
    );
    if (contact) await push(companyId, 'update', contact);
  });
  ctx.events.on('contact.deleted', ({ companyId, contactId }) => {
    realtime.emit(companyId, 'contact', [rooms.company], { action: 'delete', contactId });
  });
}
