import type { ModuleHttp } from '../../http/define-routes.js';
import { contactListUpload } from './contact-list-upload.js';
import { createContactListItem } from '@atendo/core/modules/contact-lists/create-contact-list-item.js';
import { createContactList } from '@atendo/core/modules/contact-lists/create-contact-list.js';
import { deleteContactListItem } from '@atendo/core/modules/contact-lists/delete-contact-list-item.js';
import { deleteContactList } from '@atendo/core/modules/contact-lists/delete-contact-list.js';
import { importContactList } from '@atendo/core/modules/contact-lists/import-contact-list.js';
import { listAllContactLists } from '@atendo/core/modules/contact-lists/list-all-contact-lists.js';
import { listContactListItems } from '@atendo/core/modules/contact-lists/list-contact-list-items.js';
import { listContactLists } from '@atendo/core/modules/contact-lists/list-contact-lists.js';
import { showContactListItem } from '@atendo/core/modules/contact-lists/show-contact-list-item.js';
import { showContactList } from '@atendo/core/modules/contact-lists/show-contact-list.js';
import { updateContactListItem } from '@atendo/core/modules/contact-lists/update-contact-list-item.js';
import { updateContactList } from '@atendo/core/modules/contact-lists/update-contact-list.js';

export const contactListsHttp: ModuleHttp = (ctx) => ({
  handlers: {
    contactListsIndex: ({ auth, query }) => listContactLists(ctx, { auth, ...query }),
    contactListsList: ({ auth }) => listAllContactLists(ctx, { auth }),
    contactListsShow: ({ auth, params }) => showContactList(ctx, { auth, id: params.id }),
    contactListsCreate: ({ auth, body }) => createContactList(ctx, { auth, input: body }),
    contactListsUpdate: ({ auth, params, body }) =>
      updateContactList(ctx, { auth, id: params.id, input: body }),
    contactListsDelete: ({ auth, params }) => deleteContactList(ctx, { auth, id: params.id }),
    contactListsUpload: ({ auth, params, req }) =>
      importContactList(ctx, { auth, id: params.id, file: req.file }),
    contactListItemsIndex: ({ auth, query }) => listContactListItems(ctx, { auth, ...query }),
    contactListItemsShow: ({ auth, params }) => showContactListItem(ctx, { auth, id: params.id }),
    contactListItemsCreate: ({ auth, body }) => createContactListItem(ctx, { auth, input: body }),
    contactListItemsUpdate: ({ auth, params, body }) =>
      updateContactListItem(ctx, { auth, id: params.id, input: body }),
    contactListItemsDelete: ({ auth, params }) =>
      deleteContactListItem(ctx, { auth, id: params.id }),
  },
  before: {
    contactListsUpload: [contactListUpload(ctx)],
  },
});
