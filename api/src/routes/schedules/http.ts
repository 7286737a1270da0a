import type { ModuleHttp } from '../../http/define-routes.js';
import { createSchedule } from '@atendo/core/modules/schedules/create-schedule.js';
import { deleteSchedule } from '@atendo/core/modules/schedules/delete-schedule.js';
import { listSchedules } from '@atendo/core/modules/schedules/list-schedules.js';
import { scheduleMediaUpload } from './media-upload.js';
import { removeScheduleMedia } from '@atendo/core/modules/schedules/remove-schedule-media.js';
import { setScheduleMedia } from '@atendo/core/modules/schedules/set-schedule-media.js';
import { showSchedule } from '@atendo/core/modules/schedules/show-schedule.js';
import { updateSchedule } from '@atendo/core/modules/schedules/update-schedule.js';

export const schedulesHttp: ModuleHttp = (ctx) => ({
  handlers: {
    schedulesIndex: ({ auth, query }) => listSchedules(ctx, { auth, ...query }),
    schedulesShow: ({ auth, params }) => showSchedule(ctx, { auth, id: params.id }),
    schedulesCreate: ({ auth, body }) => createSchedule(ctx, { auth, input: body }),
    schedulesUpdate: ({ auth, params, body }) =>
      updateSchedule(ctx, { auth, id: params.id, input: body }),
    schedulesDelete: ({ auth, params }) => deleteSchedule(ctx, { auth, id: params.id }),
    schedulesMediaUpload: ({ auth, params, req }) =>
      setScheduleMedia(ctx, { auth, id: params.id, file: req.file }),
    schedulesMediaDelete: ({ auth, params }) => removeScheduleMedia(ctx, { auth, id: params.id }),
  },
  before: {
    schedulesMediaUpload: [scheduleMediaUpload(ctx)],
  },
});
