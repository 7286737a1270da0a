import type { AppContext } from '../../context.js';
import { rooms } from '@atendo/domain';
import type { Pushes } from '../../events/pushes.js';

/**
 * `company-{id}-file` to the company's admins, who manage file lists: `{ action, files }` on a
 * create or update, `{ action: 'delete', fileId }` on a delete (the lineage's Files page reads
 * these keys).
 */
export function registerFileListListeners({ events }: AppContext, realtime: Pushes): void {
  events.on('file_list.saved', ({ companyId, record, action }) =>
    realtime.emit(companyId, 'file', [rooms.admins], { action, files: record }),
  );
  events.on('file_list.deleted', ({ companyId, id }) =>
    realtime.emit(companyId, 'file', [rooms.admins], { action: 'delete', fileId: id }),
  );
}
