import type { ModuleHttp } from '../../http/define-routes.js';
import { bearerToken } from '../../http/authenticate.js';
import { closeImportedTickets } from '@atendo/core/modules/connections/close-imported-tickets.js';
import { findWhatsapp } from '@atendo/core/modules/connections/find-whatsapp.js';
import { greetingMediaUpload, removeGreetingMedia, setGreetingMedia } from './greeting-media.js';
import { listMigrationTickets } from '@atendo/core/modules/connections/list-migration-tickets.js';
import { createWhatsapp } from '@atendo/core/modules/connections/create-whatsapp.js';
import { deleteWhatsapp } from '@atendo/core/modules/connections/delete-whatsapp.js';
import { issueSessionCredentials } from '@atendo/core/modules/connections/issue-session-credentials.js';
import {
  listAllWhatsapps,
  listWhatsapps,
} from '@atendo/core/modules/connections/list-whatsapps.js';
import { logoutSession } from '@atendo/core/modules/connections/logout-session.js';
import { registerConnectionResource } from '@atendo/core/modules/connections/register-connection-resource.js';
import { renewSession } from '@atendo/core/modules/connections/renew-session.js';
import { reportSessionStatus } from '@atendo/core/modules/connections/report-session-status.js';
import { restartSessions } from '@atendo/core/modules/connections/restart-sessions.js';
import { startSession } from '@atendo/core/modules/connections/start-session.js';
import { stopSession } from '@atendo/core/modules/connections/stop-session.js';
import { updateWhatsapp } from '@atendo/core/modules/connections/update-whatsapp.js';

export const connectionsHttp: ModuleHttp = (ctx) => ({
  handlers: {
    whatsappIndex: async ({ auth, query }) =>
      listWhatsapps(ctx, { auth, channel: query.channel, companyId: query.companyId }),
    whatsappFilter: async ({ auth, query }) => listWhatsapps(ctx, { auth, channel: query.channel }),
    whatsappAll: async ({ query }) => listAllWhatsapps(ctx, { channel: query.channel }),
    whatsappShow: async ({ auth, params }) => findWhatsapp(ctx, { auth, whatsappId: params.id }),
    whatsappAdminShow: async ({ auth, params }) =>
      findWhatsapp(ctx, { auth, whatsappId: params.id }),
    whatsappCreate: async ({ auth, body }) => createWhatsapp(ctx, { auth, input: body }),
    whatsappUpdate: async ({ auth, params, body }) =>
      updateWhatsapp(ctx, { auth, whatsappId: params.id, input: body }),
    whatsappDelete: async ({ auth, params }) =>
      deleteWhatsapp(ctx, { auth, whatsappId: params.id }),
    sessionStart: async ({ auth, params }) => startSession(ctx, { auth, whatsappId: params.id }),
    sessionRenew: async ({ auth, params }) => renewSession(ctx, { auth, whatsappId: params.id }),
    sessionStop: async ({ auth, params }) => stopSession(ctx, { auth, whatsappId: params.id }),
    sessionsRestart: async ({ auth }) => restartSessions(ctx, { auth }),
    whatsappMediaUpload: async ({ auth, params, req }) =>
      setGreetingMedia(ctx, { auth, whatsappId: params.id, file: req.file?.buffer }),
    whatsappMediaDelete: async ({ auth, params }) =>
      removeGreetingMedia(ctx, { auth, whatsappId: params.id }),
    closedImported: async ({ auth, params }) =>
      closeImportedTickets(ctx, { auth, whatsappId: params.id }),
    ticketsMigrationList: async ({ auth, query }) => listMigrationTickets(ctx, { auth, query }),

    // The internal api: the operator reconciling Connection resources, and session pods.
    internalConnectionRegister: async ({ body }) => registerConnectionResource(ctx, body),
    internalSessionCredentials: async ({ params }) =>
      issueSessionCredentials(ctx, { connectionId: params.id }),
    sessionReportStatus: async ({ req, body }) =>
      reportSessionStatus(ctx, { token: bearerToken(req), ...body }),
    internalSessionLogout: async ({ params }) => {
      await logoutSession(ctx, { connectionId: params.id });
    },
  },
  before: {
    whatsappMediaUpload: [greetingMediaUpload(ctx)],
  },
});
