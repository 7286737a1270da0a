import { paged, pickerListQuery, queueIntegrationView } from '@atendo/domain';
import { route } from '../define.js';

/**
 * The list the connection modal and queue dialog pick integrations from. Its CRUD page belongs
 * to a later issue; it is read-only and never carries credentials. File lists and prompts have
 * their own modules (file-lists.ts, prompts.ts).
 */
export const pickersRoutes = {
  queueIntegrationsIndex: route({
    method: 'GET',
    path: '/queueIntegration',
    access: 'user',
    tag: 'queues',
    summary: "The company's queue integrations (Dialogflow, n8n, webhook, Typebot), by name",
    query: pickerListQuery,
    response: paged('queueIntegrations', queueIntegrationView),
  }),
};
