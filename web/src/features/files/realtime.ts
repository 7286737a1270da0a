import { eventBinding } from '@/lib/realtime/socket-cache';
import { fileListKeys } from './queries';

/**
 * `company-{id}-file` (sent to admins): `{action: create|update, files: <detail>}` or
 * `{action: delete, fileId}`. The detail query takes the new copy; a loaded row whose name is
 * unchanged is patched in place (its message), a delete drops the row, and anything else (a
 * create, a rename that may move it in the name order) refetches the pages. The queue dialog's
 * picker is refetched on any change.
 */
export const fileListSocketBinding = eventBinding({
  entity: 'file',
  recordField: 'files',
  idField: 'fileId',
  detail: (id) => fileListKeys.detail(Number(id)),
  pages: [
    {
      queryKey: fileListKeys.pages(),
      field: 'files',
      inPlace: (loaded, record) => loaded.length > 0 && loaded[0]!.name === record.name,
      toRow: (record) => ({ id: record.id, message: record.message }),
    },
  ],
  invalidate: [fileListKeys.picker()],
});
