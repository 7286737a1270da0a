import type { ModuleHttp } from '../../http/define-routes.js';
import { createAnnouncement } from './create-announcement.js';
import { deleteAnnouncement } from './delete-announcement.js';
import { listAnnouncements } from './list-announcements.js';
import { listCompanyAnnouncements } from './list-company-announcements.js';
import { announcementMediaUpload } from './media-upload.js';
import { removeAnnouncementMedia } from './remove-announcement-media.js';
import { setAnnouncementMedia } from './set-announcement-media.js';
import { showAnnouncement } from './show-announcement.js';
import { updateAnnouncement } from './update-announcement.js';

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
