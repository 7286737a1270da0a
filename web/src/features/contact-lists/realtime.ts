import { eventBinding } from '@/lib/realtime/socket-cache';
import { contactListKeys } from './queries';

/**
 * `company-{id}-contactList`: lists are searched and sorted by the api, and their counts move
 * with their items, so every change refetches them (and the campaign dialog's picker).
 */
export const contactListSocketBinding = eventBinding({
  entity: 'contactList',
  recordField: 'record',
  idField: 'id',
  lists: [{ queryKey: contactListKeys.all }],
  strategy: 'invalidate',
});

/**
 * `company-{id}-contactListItem`: create, update, delete and the reload after a spreadsheet
 * import; the loaded item pages (and the lists' counts) are read again.
 */
export const contactListItemSocketBinding = eventBinding({
  entity: 'contactListItem',
  recordField: 'record',
  idField: 'id',
  lists: [{ queryKey: contactListKeys.items() }],
  invalidate: [contactListKeys.pages()],
  strategy: 'invalidate',
});
