import type { CallInput, routePaths } from '@atendo/api-client';
import type { QueryKey } from '@tanstack/react-query';

/** A contract route by name; its method and path are `routePaths[name]`. */
export type RouteName = keyof typeof routePaths;

/** The cached data a write may have changed: key prefixes, or built from the call's input. */
export type Invalidates<K extends RouteName> =
  readonly QueryKey[] | ((input: CallInput<K>) => readonly QueryKey[]);

/**
 * Which queries each write route makes stale, declared once for every page that calls it
 * (docs/development.md#data-layer). Keys are the feature key factories' prefixes, e.g. `['tags']`
 * is `tagKeys.all` (features/tags/queries.ts); a route absent here refetches nothing.
 */
export const ROUTE_INVALIDATIONS: { [K in RouteName]?: Invalidates<K> } = {
  // The tags page's own list; a save also reaches every tag picker and the kanban lanes' pages.
  tagsDelete: [['tags', 'page']],
  tagsCreate: [['tags']],
  tagsUpdate: [['tags']],
  tagsRemoveContact: [['tags', 'page']],
  quickMessagesDelete: [['quick-messages']],
  promptsDelete: [
    ['prompts', 'page'],
    ['prompts', 'picker'],
  ],
  filesDelete: [['files']],
  queueIntegrationsDelete: [
    ['queueIntegrations', 'page'],
    ['queueIntegrations', 'picker'],
  ],
  announcementsDelete: [['announcements']],
  campaignsDelete: [['campaigns', 'page']],
  whatsappDelete: [['connections', 'list']],
  contactListsDelete: [['contactLists']],
  queuesDelete: [['queues']],
  schedulesDelete: [['schedules', 'range']],
  usersCreate: [['users']],
  usersUpdate: [['users']],
  usersDelete: [['users']],
};

/** The key prefixes `route` invalidates after a successful call with `input`. */
export function invalidatedBy<K extends RouteName>(route: K, input: CallInput<K>): QueryKey[] {
  const entry = ROUTE_INVALIDATIONS[route] as Invalidates<K> | undefined;
  if (!entry) return [];
  return [...(typeof entry === 'function' ? entry(input) : entry)];
}
