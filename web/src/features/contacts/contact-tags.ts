import { ApiError } from '@atendo/api-client';
import type { QueryClient } from '@tanstack/react-query';
import { runRouteMutation } from '@/lib/cache/run-route-mutation';
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
 * refetch when a tag was created, the tags page after the sync (both routes'
 * ROUTE_INVALIDATIONS entries). Runs in the caller's `client`: the contact modal and the ticket
 * drawer share it.
 */
export async function saveContactTags(
  client: QueryClient,
  contactId: number,
  choices: TagChoice[],
) {
  const tags = await Promise.all(
    choices.map(async (choice) => {
      if (choice.id !== undefined) return { id: choice.id };
      try {
        const tag = await runRouteMutation(client, 'tagsCreate', {
          body: { name: choice.name, kanban: 0 },
        });
        return { id: tag.id };
      } catch (err) {
        if (err instanceof ApiError && err.code === 'ERR_DUPLICATED_TAG')
          return { name: choice.name };
        throw err;
      }
    }),
  );
  const synced = await runRouteMutation(client, 'tagsSync', { body: { contactId, tags } });
  applyContactTags(client, contactId, synced.tags);
  return synced.tags;
}
