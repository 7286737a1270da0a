import { eventBinding } from '@/lib/realtime/socket-cache';
import { tagKeys } from './queries';

/**
 * `company-{id}-tag`: `{action: create|update, tag}` or `{action: delete, tagId}`. Updates and
 * deletes change the loaded pages in place (counts kept); a new tag lands in a name-sorted,
 * searched list only the server can rebuild, so the lists are refetched. Any change also
 * refetches the other tag lists of the console (pickers, filters).
 */
export const tagSocketBinding = eventBinding({
  entity: 'tag',
  recordField: 'tag',
  idField: 'tagId',
  detail: (id) => tagKeys.detail(Number(id)),
  pages: [{ queryKey: tagKeys.pages(), field: 'tags' }],
  invalidate: [['tags', 'list']],
});
