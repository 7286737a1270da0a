import { ApiError } from '@atendo/api-client';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { TagChoice } from '../tags/contact-tags-field';
import { applyContactTags } from './contact-caches';

/** Whether two tag lists are the same tags (order aside). */
export function sameTags(a: TagChoice[], b: TagChoice[]): boolean {
  const key = (list: TagChoice[]) =>
    list
      .map((t) => (t.id !== undefined ? `#${t.id}` : `+${t.name.trim().toLowerCase()}`))
      .sort()
      .join('|');
  return key(a) === key(b);
}

/**
 * Saves a contact's whole tag list: typed new tags are created first (`POST /tags`; a name
 * another user created meanwhile is sent by name, which the sync resolves to that tag), then
 * `POST /tags/sync` replaces the contact's tags, and every cached copy of the contact (detail,
 * contact lists, tickets lists, open conversations) shows the answer. The tag lists and pickers
 * refetch when a tag was created.
 */
export async function saveContactTags(
  client: QueryClient,
  contactId: number,
  choices: TagChoice[],
) {
  let created = false;
  const tags = await Promise.all(
    choices.map(async (choice) => {
      if (choice.id !== undefined) return { id: choice.id };
      try {
        const tag = await api.call('tagsCreate', { body: { name: choice.name, kanban: 0 } });
        created = true;
        return { id: tag.id };
      } catch (err) {
        if (err instanceof ApiError && err.code === 'ERR_DUPLICATED_TAG')
          return { name: choice.name };
        throw err;
      }
    }),
  );
  const synced = await api.call('tagsSync', { body: { contactId, tags } });
  applyContactTags(client, contactId, synced.tags);
  void client.invalidateQueries({
    predicate: (q) =>
      q.queryKey[0] === 'tags' &&
      (q.queryKey[1] === 'page' || (created && q.queryKey[1] === 'list')),
  });
  return synced.tags;
}
