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
  // A save reaches every tag picker and the kanban lanes' pages (lanes are tags too); a delete
  // also empties the lane from the board (`kanbanKeys.all`, features/kanban/queries.ts).
  // The contacts page's lists (`contactKeys.lists()`, features/contacts/queries.ts).
  // A ticket's notes (`chatKeys.notes`, features/tickets/conversation/queries.ts); a delete names
  // only the note, so every ticket's notes go stale (only the open drawer's refetch).
  ticketNotesCreate: ({ body }) => [['chat', 'notes', body.ticketId]],
  ticketNotesDelete: [['chat', 'notes']],
  // A ticket's status, owner, queue or deletion moves it between the tickets lists and changes
  // the unread counters (`ticketKeys.lists()`/`unread()`, features/tickets/list/queries.ts). The
  // open conversation takes the answer itself; the socket's ticket event reaches other tabs.
  ticketsUpdate: [
    ['tickets', 'list'],
    ['tickets', 'unread'],
  ],
  ticketsIgnore: [
    ['tickets', 'list'],
    ['tickets', 'unread'],
  ],
  ticketsDelete: [
    ['tickets', 'list'],
    ['tickets', 'unread'],
  ],
  ticketsCloseAll: [
    ['tickets', 'list'],
    ['tickets', 'unread'],
  ],
  // A ticket's kanban lane shows on its list row and moves its card on the board
  // (`kanbanKeys.tickets()`, features/kanban/queries.ts). Sending, forwarding and deleting a
  // message have no entry: the composer and the socket's message event patch the conversation.
  ticketTagsStore: [
    ['tickets', 'list'],
    ['kanban', 'tickets'],
  ],
  ticketTagsRemove: [
    ['tickets', 'list'],
    ['kanban', 'tickets'],
  ],
  contactsDelete: [['contacts', 'list']],
  contactsBlock: [['contacts', 'list']],
  contactsImportChats: [['contacts', 'list']],
  contactsImportRows: [['contacts', 'list']],
  // The contact modal puts the answer in the contact's detail entry itself.
  contactsCreate: [['contacts', 'list']],
  contactsUpdate: [['contacts', 'list']],
  tagsDelete: [['tags'], ['kanban']],
  tagsCreate: [['tags']],
  tagsUpdate: [['tags']],
  tagsRemoveContact: [['tags', 'page']],
  // A contact's new tag list changes the tags page's counts and the contacts page's rows (also
  // patched from the answer at once, features/contacts/contact-caches.ts; the refetch replaces
  // a list read that started before the sync).
  tagsSync: [
    ['tags', 'page'],
    ['contacts', 'list'],
  ],
  quickMessagesDelete: [['quick-messages']],
  quickMessagesCreate: [['quick-messages']],
  quickMessagesUpdate: [['quick-messages']],
  quickMessagesMediaUpload: [['quick-messages']],
  quickMessagesMediaDelete: [['quick-messages']],
  promptsDelete: [
    ['prompts', 'page'],
    ['prompts', 'picker'],
  ],
  // The dialog puts the saved prompt in its own detail entry itself.
  promptsCreate: [
    ['prompts', 'page'],
    ['prompts', 'picker'],
  ],
  promptsUpdate: [
    ['prompts', 'page'],
    ['prompts', 'picker'],
  ],
  filesDelete: [['files']],
  filesCreate: [['files']],
  filesUpdate: [['files']],
  filesUploadList: [['files']],
  queueIntegrationsDelete: [
    ['queueIntegrations', 'page'],
    ['queueIntegrations', 'picker'],
  ],
  // As promptsCreate/Update: the dialog stores the saved detail itself. Testing a session
  // (queueIntegrationsTestSession) saves nothing, so it has no entry.
  queueIntegrationsCreate: [
    ['queueIntegrations', 'page'],
    ['queueIntegrations', 'picker'],
  ],
  queueIntegrationsUpdate: [
    ['queueIntegrations', 'page'],
    ['queueIntegrations', 'picker'],
  ],
  // Companies show their plan's name and value (`companyKeys.all`, features/companies/queries.ts).
  // A plan's company count and the public list do not change, but its use is now known
  // (`planKeys.all`, features/plans/queries.ts).
  companiesCreate: [['companies'], ['plans']],
  companiesUpdate: [['companies'], ['plans']],
  companiesDelete: [['companies'], ['plans']],
  plansCreate: [['plans'], ['companies']],
  plansUpdate: [['plans'], ['companies']],
  plansDelete: [['plans'], ['companies']],
  helpsCreate: [['helps']],
  helpsUpdate: [['helps']],
  helpsDelete: [['helps']],
  announcementsDelete: [['announcements']],
  announcementsCreate: [['announcements']],
  announcementsUpdate: [['announcements']],
  announcementsMediaUpload: [['announcements']],
  announcementsMediaDelete: [['announcements']],
  campaignsDelete: [['campaigns', 'page']],
  campaignsCreate: [['campaigns']],
  campaignsUpdate: [['campaigns']],
  campaignsMediaUpload: [['campaigns']],
  // The dialog merges the answer into its own detail entry; the list is read again.
  campaignsMediaDelete: [['campaigns', 'page']],
  campaignsCancel: [['campaigns', 'page']],
  campaignsRestart: [['campaigns', 'page']],
  // `campaignKeys.settings()`, features/campaigns/queries.ts.
  campaignSettingsSave: [['campaigns', 'settings']],
  whatsappDelete: [['connections', 'list']],
  // A saved connection shows in the list, its detail and the super admin's every-company view.
  whatsappCreate: [['connections']],
  whatsappUpdate: [['connections']],
  whatsappMediaUpload: [['connections']],
  whatsappMediaDelete: [['connections']],
  sessionStop: [['connections']],
  // Pages connected from a Facebook login are new connections; closing an import's tickets takes
  // the connection out of its import state.
  facebookConnect: [['connections']],
  closedImported: [['connections']],
  contactListsDelete: [['contactLists']],
  contactListsCreate: [['contactLists']],
  // An item or an import changes its list's items and the lists' contact counts; a write by item
  // id does not name its list, so every list's items go stale (only the one shown refetches).
  contactListsUpload: ({ params }) => [['contactListItems', params.id], ['contactLists']],
  contactListItemsCreate: ({ body }) => [
    ['contactListItems', body.contactListId],
    ['contactLists'],
  ],
  contactListItemsUpdate: [['contactListItems'], ['contactLists']],
  contactListItemsDelete: [['contactListItems'], ['contactLists']],
  contactListsUpdate: [['contactLists']],
  queuesDelete: [['queues']],
  queuesCreate: [['queues']],
  queuesUpdate: [['queues']],
  proxiesCreate: [['proxies']],
  proxiesUpdate: [['proxies']],
  proxiesDelete: [['proxies']],
  // The company settings (`settingKeys.all`, features/settings/queries.ts; the settings screen
  // also shows the change at once, optimistic.ts). The whitelabel tab writes its saved value
  // into the public-settings cache itself.
  settingsUpdate: [['settings']],
  // `transcriptionKeys`, features/transcription/queries.ts.
  transcriptionDefaultUpdate: [['transcription', 'default']],
  transcriptionCredentialsCreate: [['transcription', 'credentials']],
  // A save (and its attachment) reaches the calendar ranges and the schedule's detail
  // (`scheduleKeys.all`, features/schedules/queries.ts).
  schedulesCreate: [['schedules']],
  schedulesUpdate: [['schedules']],
  schedulesMediaUpload: [['schedules']],
  schedulesMediaDelete: [['schedules']],
  schedulesDelete: [['schedules', 'range']],
  usersCreate: [['users']],
  usersUpdate: [['users']],
  usersDelete: [['users']],
  // A new picture (the profile dialog's) shows in the users lists.
  usersMediaUpload: [['users']],
};

/** The key prefixes `route` invalidates after a successful call with `input`. */
export function invalidatedBy<K extends RouteName>(route: K, input: CallInput<K>): QueryKey[] {
  const entry = ROUTE_INVALIDATIONS[route] as Invalidates<K> | undefined;
  if (!entry) return [];
  return [...(typeof entry === 'function' ? entry(input) : entry)];
}
