import {
  createScheduleSchema,
  idParams,
  messageView,
  paged,
  schedulePageQuery,
  scheduleView,
  updateScheduleSchema,
} from '@atendo/domain';
import { route } from '../define.js';

/**
 * Scheduled messages (docs/product/schedules.md Schedules page and modal, docs/product/schedules.md#routes). Plan flag useSchedules; a profile
 * user sees and manages their own schedules, admins every one of the company.
 */
export const schedulesRoutes = {
  schedulesIndex: route({
    method: 'GET',
    path: '/schedules',
    access: 'user',
    tag: 'schedules',
    summary: 'Scheduled messages, paged by send time, searchable by text or contact name',
    query: schedulePageQuery,
    response: paged('schedules', scheduleView),
  }),
  schedulesShow: route({
    method: 'GET',
    path: '/schedules/:id',
    access: 'user',
    tag: 'schedules',
    summary: 'One scheduled message',
    params: idParams,
    response: scheduleView,
  }),
  schedulesCreate: route({
    method: 'POST',
    path: '/schedules',
    access: 'user',
    tag: 'schedules',
    summary: 'Schedule a message to a contact (defaults: intervalo 1, once, tipoDias 4)',
    body: createScheduleSchema,
    status: 201,
    response: scheduleView,
  }),
  schedulesUpdate: route({
    method: 'PUT',
    path: '/schedules/:id',
    access: 'user',
    tag: 'schedules',
    summary: 'Change a scheduled message while it is not sent (ERR_SCHEDULE_ALREADY_SENT after)',
    params: idParams,
    body: updateScheduleSchema,
    response: scheduleView,
  }),
  schedulesDelete: route({
    method: 'DELETE',
    path: '/schedules/:id',
    access: 'user',
    tag: 'schedules',
    summary: 'Delete a scheduled message (its pending sends are cancelled)',
    params: idParams,
    response: messageView,
  }),
  schedulesMediaUpload: route({
    method: 'POST',
    path: '/schedules/:id/media-upload',
    access: 'user',
    tag: 'schedules',
    summary: 'Attach a file (multipart part "file": png, jpg, jpeg, gif, pdf, xls, xlsx)',
    params: idParams,
    multipart: true,
    response: scheduleView,
  }),
  schedulesMediaDelete: route({
    method: 'DELETE',
    path: '/schedules/:id/media-upload',
    access: 'user',
    tag: 'schedules',
    summary: "Remove a scheduled message's attachment",
    params: idParams,
    response: scheduleView,
  }),
} as const;
