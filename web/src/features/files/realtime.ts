import type { FileListDetailView } from '@atendo/domain';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { socketBinding } from '@/lib/realtime/socket-cache';
import { fileListKeys, type FileListRow } from './queries';

type Page = { files: FileListRow[]; count?: number; hasMore: boolean };

/** Applies `change` to every loaded page of every cached file lists list. */
function patchPages(client: QueryClient, change: (rows: FileListRow[]) => FileListRow[]) {
  client.setQueriesData<InfiniteData<Page>>({ queryKey: fileListKeys.pages() }, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, files: change(p.files) })) } : data,
  );
}

/** The row a loaded page holds of the list `id`, if any. */
function loadedRow(client: QueryClient, id: number): FileListRow | undefined {
  for (const [, data] of client.getQueriesData<InfiniteData<Page>>({
    queryKey: fileListKeys.pages(),
  }))
    for (const page of data?.pages ?? []) {
      const row = page.files.find((r) => r.id === id);
      if (row) return row;
    }
  return undefined;
}

/**
 * `company-{id}-file` (sent to admins): `{action: create|update, files: <detail>}` or
 * `{action: delete, fileId}`. The detail query takes the new copy; a loaded row whose name is
 * unchanged is patched in place (its message), a delete drops the row, and anything else (a
 * create, a rename that may move it in the name order) refetches the pages. The queue dialog's
 * picker is refetched on any change.
 */
export const fileListSocketBinding = socketBinding<FileListDetailView>({
  entity: 'file',
  recordField: 'files',
  idField: 'fileId',
  detail: (id) => fileListKeys.detail(Number(id)),
  invalidate: [fileListKeys.picker()],
  onEvent: ({ action, record, id }, { client }) => {
    const row = record ? loadedRow(client, record.id) : undefined;
    if (action === 'update' && record && row && row.name === record.name)
      patchPages(client, (rows) =>
        rows.map((r) => (r.id === record.id ? { ...r, message: record.message } : r)),
      );
    else if (action === 'delete' && id !== undefined)
      patchPages(client, (rows) => rows.filter((r) => r.id !== Number(id)));
    else void client.invalidateQueries({ queryKey: fileListKeys.pages() });
  },
});
