import type { ModuleHttp } from '../../http/define-routes.js';
import { createTag } from '@atendo/core/modules/tags/create-tag.js';
import { deleteTag } from '@atendo/core/modules/tags/delete-tag.js';
import { listAllTags } from '@atendo/core/modules/tags/list-all-tags.js';
import { listTagContacts } from '@atendo/core/modules/tags/list-tag-contacts.js';
import { listTags } from '@atendo/core/modules/tags/list-tags.js';
import { removeContactTag } from '@atendo/core/modules/tags/remove-contact-tag.js';
import { showContactTags } from '@atendo/core/modules/tags/show-contact-tags.js';
import { showTag } from '@atendo/core/modules/tags/show-tag.js';
import { syncContactTags } from '@atendo/core/modules/tags/sync-contact-tags.js';
import { tagTicket } from '@atendo/core/modules/tags/tag-ticket.js';
import { untagTicket } from '@atendo/core/modules/tags/untag-ticket.js';
import { updateTag } from '@atendo/core/modules/tags/update-tag.js';

// Static paths (/tags/list) are mounted before /tags/:id, in this order.
export const tagsHttp: ModuleHttp = (ctx) => ({
  handlers: {
    tagsIndex: ({ auth, query }) => listTags(ctx, { auth, ...query }),
    tagsList: ({ auth, query }) => listAllTags(ctx, { auth, kanban: query.kanban }),
    tagsSync: ({ auth, body }) => syncContactTags(ctx, { auth, input: body }),
    tagsShow: ({ auth, params }) => showTag(ctx, { auth, tagId: params.id }),
    tagsContacts: ({ auth, params }) => listTagContacts(ctx, { auth, tagId: params.id }),
    tagsCreate: ({ auth, body }) => createTag(ctx, { auth, input: body }),
    tagsUpdate: ({ auth, params, body }) => updateTag(ctx, { auth, tagId: params.id, input: body }),
    tagsDelete: ({ auth, params }) => deleteTag(ctx, { auth, tagId: params.id }),
    tagsRemoveContact: ({ auth, params }) => removeContactTag(ctx, { auth, ...params }),
    contactTagsShow: ({ auth, params }) =>
      showContactTags(ctx, { auth, contactId: params.contactId }),
    ticketTagsStore: ({ auth, params }) => tagTicket(ctx, { auth, ...params }),
    ticketTagsRemove: ({ auth, params }) => untagTicket(ctx, { auth, ticketId: params.ticketId }),
  },
});
