import { paged, pickerListQuery, promptView, queueIntegrationView } from '@atendo/domain';
import { route } from '../define.js';

/**
 * The lists the connection modal and queue dialog pick from (queue integrations, prompts).
 * Their CRUD pages belong to later issues; these are read-only and never carry secrets
 * (integration credentials, provider keys). File lists have their own module (file-lists.ts).
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
  promptsIndex: route({
    method: 'GET',
    path: '/prompt',
    access: 'user',
    tag: 'queues',
    summary: "The company's AI prompts, by name",
    query: pickerListQuery,
    response: paged('prompts', promptView),
  }),
};
