import { rooms, type ContactViewRow } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Pushes } from '../../events/pushes.js';
import { loadContactView } from './contact-view.js';

/**
 * `company-{id}-contact` to everyone of the company (contacts are company-wide). Under LGPD
 * hide-number everyone but the admins gets the number masked, as the list shows it to them
 * (number-policy.ts, applied to every push).
 */
export function registerContactListeners(ctx: AppContext, realtime: Pushes): void {
  const push = (companyId: number, action: 'create' | 'update', contact: ContactViewRow) => {
    realtime.emit(companyId, 'contact', [rooms.company], { action, contact });
  };
  ctx.events.on('contact.created', ({ companyId, contact }) => push(companyId, 'create', contact));
  ctx.events.on('contact.updated', ({ companyId, contact }) => push(companyId, 'update', contact));
  // A contact's tags changed (tag sync, a tag removed from it): its rows show the new chips.
  ctx.events.on('contact.tags_changed', async ({ companyId, contactId }) => {
    const contact = await loadContactView(tenantData(ctx.ds, companyId), contactId).catch(
      () => null,
    );
    if (contact) push(companyId, 'update', contact);
  });
  ctx.events.on('contact.deleted', ({ companyId, contactId }) => {
    realtime.emit(companyId, 'contact', [rooms.company], { action: 'delete', contactId });
  });
}
