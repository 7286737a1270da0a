import type { ModuleHttp } from '../../http/define-routes.js';
import { blockContact } from '@atendo/core/modules/contacts/block-contact.js';
import { contactsUpload } from './contacts-upload.js';
import { createContact } from '@atendo/core/modules/contacts/create-contact.js';
import { deleteContact } from '@atendo/core/modules/contacts/delete-contact.js';
import { exportContacts } from '@atendo/core/modules/contacts/export-contacts.js';
import { findContactByNumber } from '@atendo/core/modules/contacts/find-contact-by-number.js';
import { findContact } from '@atendo/core/modules/contacts/find-contact.js';
import { importContact } from '@atendo/core/modules/contacts/import-contact.js';
import { importContacts } from '@atendo/core/modules/contacts/import-contacts.js';
import { importPhoneContacts } from '@atendo/core/modules/contacts/import-phone-contacts.js';
import { listAllContacts } from '@atendo/core/modules/contacts/list-all-contacts.js';
import { listContacts } from '@atendo/core/modules/contacts/list-contacts.js';
import { readContactsFile } from '@atendo/core/modules/contacts/read-contacts-file.js';
import { toggleContactBot } from '@atendo/core/modules/contacts/toggle-contact-bot.js';
import { updateContact } from '@atendo/core/modules/contacts/update-contact.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const contactsHttp: ModuleHttp = (ctx) => ({
  handlers: {
    contactsIndex: async ({ auth, query }) => listContacts(ctx, { auth, ...query }),
    contactsList: async ({ auth }) => listAllContacts(ctx, { auth }),
    contactsExport: async ({ auth, res }) => {
      const file = await exportContacts(ctx, { auth });
      res.setHeader('Content-Type', XLSX);
      res.setHeader('Content-Disposition', 'attachment; filename="contatos.xlsx"');
      res.setHeader('Cache-Control', 'private, no-store');
      res.send(file);
    },
    contactsProfile: async ({ auth, params }) =>
      findContactByNumber(ctx, { auth, number: params.number }),
    contactsShow: async ({ auth, params }) => findContact(ctx, { auth, contactId: params.id }),
    contactsCreate: async ({ auth, body }) => createContact(ctx, { auth, input: body }),
    contactsUpdate: async ({ auth, params, body }) =>
      updateContact(ctx, { auth, contactId: params.id, input: body }),
    contactsDelete: async ({ auth, params }) => deleteContact(ctx, { auth, contactId: params.id }),
    contactsBlock: async ({ auth, params, body }) =>
      blockContact(ctx, { auth, contactId: params.id, active: body.active }),
    contactsToggleDisableBot: async ({ auth, params }) =>
      toggleContactBot(ctx, { auth, contactId: params.id }),
    contactsUpload: async ({ req }) =>
      readContactsFile(req.file?.buffer, req.file?.originalname?.slice(0, 250)),
    contactsImportRows: async ({ auth, body }) => importContacts(ctx, { auth, input: body }),
    contactsImportOne: async ({ auth, body }) => importContact(ctx, { auth, input: body }),
    contactsImportChats: async ({ auth }) => importPhoneContacts(ctx, { auth }),
  },
  before: {
    contactsUpload: [contactsUpload(ctx)],
  },
});
