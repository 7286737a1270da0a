import type { ModuleHttp } from '../../http/define-routes.js';
import { createAnnouncement } from '@atendo/core/modules/announcements/create-announcement.js';
import { deleteAnnouncement } from '@atendo/core/modules/announcements/delete-announcement.js';
import { listAnnouncements } from '@atendo/core/modules/announcements/list-announcements.js';
import { listCompanyAnnouncements } from '@atendo/core/modules/announcements/list-company-announcements.js';
import { announcementMediaUpload } from './media-upload.js';
import { removeAnnouncementMedia } from '@atendo/core/modules/announcements/remove-announcement-media.js';
import { setAnnouncementMedia } from '@atendo/core/modules/announcements/set-announcement-media.js';
import { showAnnouncement } from '@atendo/core/modules/announcements/show-announcement.js';
import { updateAnnouncement } from '@atendo/core/modules/announcements/update-announcement.js';

export const announcementsHttp: ModuleHttp = (ctx) => ({
  handlers: {
    announcementsIndex: ({ query }) => listAnnouncements(ctx, query),
    announcementsForCompany: ({ query }) => listCompanyAnnouncements(ctx, query),
    announcementsShow: ({ params }) => showAnnouncement(ctx, { id: params.id }),
    announcementsCreate: ({ body }) => createAnnouncement(ctx, { input: body }),
    announcementsUpdate: ({ params, body }) =>
      updateAnnouncement(ctx, { id: params.id, input: body }),
    announcementsDelete: ({ params }) => deleteAnnouncement(ctx, { id: params.id }),
    announcementsMediaUpload: ({ params, req }) =>
      setAnnouncementMedia(ctx, { id: params.id, file: req.file }),
    announcementsMediaDelete: ({ params }) => removeAnnouncementMedia(ctx, { id: params.id }),
  },
  before: {
    announcementsMediaUpload: [announcementMediaUpload(ctx)],
  },
});
