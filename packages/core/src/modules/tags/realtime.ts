import type { AppContext } from '../../context.js';
import { rooms } from '@atendo/domain';
import type { Pushes } from '../../events/pushes.js';

/** `company-{id}-tag` to everyone of the company: tags are the company's, seen by all. */
export function registerTagListeners({ events }: AppContext, realtime: Pushes): void {
  events.on('tag.created', ({ companyId, tag }) => {
    realtime.emit(companyId, 'tag', [rooms.company], { action: 'create', tag });
  });
  events.on('tag.updated', ({ companyId, tag }) => {
    realtime.emit(companyId, 'tag', [rooms.company], { action: 'update', tag });
  });
  events.on('tag.deleted', ({ companyId, tagId }) => {
    realtime.emit(companyId, 'tag', [rooms.company], { action: 'delete', tagId });
  });
}
