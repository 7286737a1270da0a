import {
  announcementPageQuery,
  announcementView,
  createAnnouncementSchema,
  idParams,
  messageView,
  paged,
  updateAnnouncementSchema,
} from '@atendo/domain';
import { route } from '../define.js';

/**
 * Platform announcements (docs/product/internal-chat-and-announcements.md Announcements page, docs/product/internal-chat-and-announcements.md#routes): the super admin writes them, every
 * logged-in user of every company reads the active ones in the top bar (for-company).
 * The static /for-company path comes before /:id, in this order.
 */
export const announcementsRoutes = {
  announcementsIndex: route({
    method: 'GET',
    path: '/announcements',
    access: 'super',
    tag: 'announcements',
    summary: 'Every announcement (the admin list), searched by title or text, paged',
    query: announcementPageQuery,
    response: paged('records', announcementView),
  }),
  announcementsForCompany: route({
    method: 'GET',
    path: '/announcements/for-company',
    access: 'user',
    tag: 'announcements',
    summary: "The active announcements the caller's top bar shows, by priority then newest",
    query: announcementPageQuery,
    response: paged('records', announcementView),
  }),
  announcementsShow: route({
    method: 'GET',
    path: '/announcements/:id',
    access: 'super',
    tag: 'announcements',
    summary: 'One announcement',
    params: idParams,
    response: announcementView,
  }),
  announcementsCreate: route({
    method: 'POST',
    path: '/announcements',
    access: 'super',
    tag: 'announcements',
    summary: 'Create an announcement (status active and priority 3 unless given)',
    body: createAnnouncementSchema,
    status: 201,
    response: announcementView,
  }),
  announcementsUpdate: route({
    method: 'PUT',
    path: '/announcements/:id',
    access: 'super',
    tag: 'announcements',
    summary: 'Update an announcement',
    params: idParams,
    body: updateAnnouncementSchema,
    response: announcementView,
  }),
  announcementsDelete: route({
    method: 'DELETE',
    path: '/announcements/:id',
    access: 'super',
    tag: 'announcements',
    summary: 'Delete an announcement and its image',
    params: idParams,
    response: messageView,
  }),
  announcementsMediaUpload: route({
    method: 'POST',
    path: '/announcements/:id/media-upload',
    access: 'super',
    tag: 'announcements',
    summary: 'Attach an image (multipart part "file"; png or jpeg by content, at most 5 MB)',
    params: idParams,
    multipart: true,
    response: announcementView,
  }),
  announcementsMediaDelete: route({
    method: 'DELETE',
    path: '/announcements/:id/media-upload',
    access: 'super',
    tag: 'announcements',
    summary: "Remove an announcement's image",
    params: idParams,
    response: announcementView,
  }),
} as const;
