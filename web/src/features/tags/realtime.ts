import type { TagRowView, TagView } from '@atendo/domain';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { socketBinding } from '@/lib/realtime/socket-cache';
import { tagKeys } from './queries';

type Page = { tags: TagRowView[]; count?: number; hasMore: boolean };

/** Applies `change` to every loaded page of every cached tags list. */
function patchPages(client: QueryClient, change: (tags: TagRowView[]) => TagRowView[]) {
  client.setQueriesData<InfiniteData<Page>>({ queryKey: tagKeys.pages() }, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, tags: change(p.tags) })) } : data,
  );
}

/**
 * `company-{id}-tag`: `{action: create|update, tag}` or `{action: delete, tagId}`. Updates and
 * deletes change the loaded pages in place (counts kept); a new tag lands in a name-sorted,
 * searched list only the server can rebuild, so the lists are refetched. Any change also
 * refetches the other tag lists of the console (pickers, filters).
 */
export const tagSocketBinding = socketBinding<TagView>({
  entity: 'tag',
  recordField: 'tag',
  idField: 'tagId',
  detail: (id) => tagKeys.detail(Number(id)),
  onEvent: ({ action, record, id }, { client }) => {
    if (action === 'update' && record)
      patchPages(client, (tags) => tags.map((t) => (t.id === record.id ? { ...t, ...record } : t)));
    else if (action === 'delete' && id !== undefined)
      patchPages(client, (tags) => tags.filter((t) => t.id !== Number(id)));
    else void client.invalidateQueries({ queryKey: tagKeys.pages() });
    void client.invalidateQueries({
      predicate: (q) => q.queryKey[0] === 'tags' && q.queryKey[1] === 'list',
    });
  },
});
