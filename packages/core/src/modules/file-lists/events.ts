import type { FileListDetailView } from '@atendo/domain';

/** The domain events the file-lists module publishes (docs/architecture.md#domain-events-and-listeners). */
export interface FileListsEvents {
  'file_list.saved': { companyId: number; record: FileListDetailView; action: 'create' | 'update' };
  'file_list.deleted': { companyId: number; id: number };
}
