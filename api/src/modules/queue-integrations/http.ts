import type { ModuleHttp } from '../../http/define-routes.js';
import { integrationData, loadIntegration } from './integration-view.js';
import { listQueueIntegrations } from './list-queue-integrations.js';
import { createIntegration, deleteIntegration, updateIntegration } from './save-integration.js';

export const queueIntegrationsHttp: ModuleHttp = (ctx) => ({
  handlers: {
    queueIntegrationsIndex: ({ auth, query }) => listQueueIntegrations(ctx, { auth, ...query }),
    queueIntegrationsShow: async ({ auth, params }) =>
      loadIntegration(await integrationData(ctx, auth), params.id),
    queueIntegrationsCreate: ({ auth, body }) => createIntegration(ctx, { auth, input: body }),
    queueIntegrationsUpdate: ({ auth, params, body }) =>
      updateIntegration(ctx, { auth, id: params.id, input: body }),
    queueIntegrationsDelete: ({ auth, params }) => deleteIntegration(ctx, { auth, id: params.id }),
  },
});
