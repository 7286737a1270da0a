import type { ModuleHttp } from '../../http/define-routes.js';
import { loadIntegration } from '@atendo/core/modules/queue-integrations/integration-view.js';
import { listQueueIntegrations } from '@atendo/core/modules/queue-integrations/list-queue-integrations.js';
import {
  createIntegration,
  deleteIntegration,
  updateIntegration,
} from '@atendo/core/modules/queue-integrations/save-integration.js';
import { featureData } from '@atendo/core/modules/campaigns/plan-feature.js';
import { testIntegration } from '@atendo/core/modules/queue-integrations/test-integration.js';

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
