import {
  contactListImportReportView,
  contactListItemPageQuery,
  contactListItemView,
  contactListPageQuery,
  contactListView,
  createContactListItemSchema,
  createContactListSchema,
  idParams,
  messageView,
  paged,
  updateContactListItemSchema,
  updateContactListSchema,
} from '@atendo/domain';
import { z } from 'zod';
import { route } from '../define.js';

const lists = { tag: 'contact-lists', access: 'user' } as const;
/** List items: admins only (profile user is refused on them, docs/product/overview.md#module-routes-and-gating). */
const items = { tag: 'contact-lists', access: 'admin' } as const;

/**
 * Contact lists and their items, the recipients of campaigns (docs/product/contacts.md Contact lists, docs/product/contacts.md#routes).
 * Every route needs the plan's useCampaigns (ERR_PLAN_FEATURE_DISABLED).
 */
export const contactListsRoutes = {
  contactListsIndex: route({
    ...lists,
    method: 'GET',
    path: '/contact-lists',
    summary: 'Contact lists of the company with their counts, by name (20 a page)',
    query: contactListPageQuery,
    response: paged('records', contactListView),
  }),
  contactListsList: route({
    ...lists,
    method: 'GET',
    path: '/contact-lists/list',
    summary: 'Every contact list of the company (the campaign dialog picker)',
    response: z.array(contactListView),
  }),
  contactListsShow: route({
    ...lists,
    method: 'GET',
    path: '/contact-lists/:id',
    summary: 'One contact list',
    params: idParams,
    response: contactListView,
  }),
  contactListsCreate: route({
    ...lists,
    method: 'POST',
    path: '/contact-lists',
    summary: 'Create a contact list',
    body: createContactListSchema,
    status: 201,
    response: contactListView,
  }),
  contactListsUpdate: route({
    ...lists,
    method: 'PUT',
    path: '/contact-lists/:id',
    summary: 'Rename a contact list',
    params: idParams,
    body: updateContactListSchema,
    response: contactListView,
  }),
  contactListsDelete: route({
    ...lists,
    method: 'DELETE',
    path: '/contact-lists/:id',
    summary: 'Delete a contact list and its items (campaigns using it keep no list)',
    params: idParams,
    response: messageView,
  }),
  contactListsUpload: route({
    ...items,
    method: 'POST',
    path: '/contact-lists/:id/upload',
    summary:
      'Import items from a spreadsheet (multipart part "file", xlsx or csv; columns name, number, email)',
    params: idParams,
    multipart: true,
    response: contactListImportReportView,
  }),
  contactListItemsIndex: route({
    ...items,
    method: 'GET',
    path: '/contact-list-items',
    summary: "A list's items, searched by name, number or email (20 a page)",
    query: contactListItemPageQuery,
    response: paged('contacts', contactListItemView),
  }),
  contactListItemsShow: route({
    ...items,
    method: 'GET',
    path: '/contact-list-items/:id',
    summary: 'One list item',
    params: idParams,
    response: contactListItemView,
  }),
  contactListItemsCreate: route({
    ...items,
    method: 'POST',
    path: '/contact-list-items',
    summary: 'Add an item to a list (its number checked on a connected channel when one can)',
    body: createContactListItemSchema,
    status: 201,
    response: contactListItemView,
  }),
  contactListItemsUpdate: route({
    ...items,
    method: 'PUT',
    path: '/contact-list-items/:id',
    summary: 'Update a list item (a changed number is checked again)',
    params: idParams,
    body: updateContactListItemSchema,
    response: contactListItemView,
  }),
  contactListItemsDelete: route({
    ...items,
    method: 'DELETE',
    path: '/contact-list-items/:id',
    summary: 'Delete a list item',
    params: idParams,
    response: messageView,
  }),
} as const;
