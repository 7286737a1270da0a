import type { ModuleHttp } from '../../http/define-routes.js';
import { listQueueIntegrations } from './list-queue-integrations.js';

export const pickersHttp: ModuleHttp = (ctx) => ({
  handlers: {
    queueIntegrationsIndex: ({ auth, query }) => listQueueIntegrations(ctx, { auth, ...query }),
  },
});
