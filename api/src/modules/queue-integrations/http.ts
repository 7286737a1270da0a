import type { ModuleHttp } from '../../http/define-routes.js';
import { loadIntegration } from './integration-view.js';
import { listQueueIntegrations } from './list-queue-integrations.js';
import { createIntegration, deleteIntegration, updateIntegration } from './save-integration.js';
import { featureData } from '../campaigns/plan-feature.js';
import { testIntegration } from './test-integration.js';

export const queueIntegrationsHttp: ModuleHttp = (ctx) => ({
  handlers: {
    queueIntegrationsIndex: ({ auth, query }) => listQueueIntegrations(ctx, { auth, ...query }),
    queueIntegrationsShow: async ({ auth, params }) =>
      loadIntegration(await featureData(ctx, auth, 'useIntegrations'), params.id),
    queueIntegrationsCreate: ({ auth, body }) => createIntegration(ctx, { auth, input: body }),
    queueIntegrationsUpdate: ({ auth, params, body }) =>
      updateIntegration(ctx, { auth, id: params.id, input: body }),
    queueIntegrationsDelete: ({ auth, params }) => deleteIntegration(ctx, { auth, id: params.id }),
    queueIntegrationsTestSession: ({ auth, body }) => testIntegration(ctx, { auth, input: body }),
  },
});
