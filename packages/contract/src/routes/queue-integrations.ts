import {
  idParams,
  messageView,
  paged,
  pickerListQuery,
  queueIntegrationDetailView,
  queueIntegrationSchema,
  queueIntegrationTestSchema,
  queueIntegrationTestView,
  queueIntegrationView,
} from '@atendo/domain';
import { route } from '../define.js';

/**
 * Queue integrations (docs/product/queues-and-chatbots.md Integrations page, plan flag useIntegrations): Dialogflow, n8n,
 * webhook and Typebot bots. Anyone of the company lists them (the queue dialog and connection
 * modal pick from them); admins manage them. No answer carries the Dialogflow key.
 */
export const queueIntegrationsRoutes = {
  queueIntegrationsIndex: route({
    method: 'GET',
    path: '/queueIntegration',
    access: 'user',
    tag: 'integrations',
    summary: "The company's queue integrations (Dialogflow, n8n, webhook, Typebot), by name",
    query: pickerListQuery,
    response: paged('queueIntegrations', queueIntegrationView),
  }),
  queueIntegrationsShow: route({
    method: 'GET',
    path: '/queueIntegration/:id',
    access: 'admin',
    tag: 'integrations',
    summary: 'One integration, as its dialog edits it (never its Dialogflow key)',
    params: idParams,
    response: queueIntegrationDetailView,
  }),
  queueIntegrationsCreate: route({
    method: 'POST',
    path: '/queueIntegration',
    access: 'admin',
    tag: 'integrations',
    summary: 'Create an integration (its plan must include integrations)',
    body: queueIntegrationSchema,
    status: 201,
    response: queueIntegrationDetailView,
  }),
  queueIntegrationsUpdate: route({
    method: 'PUT',
    path: '/queueIntegration/:id',
    access: 'admin',
    tag: 'integrations',
    summary: 'Replace an integration; a Dialogflow key left out or empty stays as stored',
    params: idParams,
    body: queueIntegrationSchema,
    response: queueIntegrationDetailView,
  }),
  queueIntegrationsDelete: route({
    method: 'DELETE',
    path: '/queueIntegration/:id',
    access: 'admin',
    tag: 'integrations',
    summary: 'Delete an integration (queues, options, connections and tickets using it lose it)',
    params: idParams,
    response: messageView,
  }),
  queueIntegrationsTestSession: route({
    method: 'POST',
    path: '/queueIntegration/testSession',
    access: 'admin',
    tag: 'integrations',
    summary:
      "Test an integration's settings against its provider (Dialogflow detect intent, Typebot startChat, n8n/webhook POST)",
    description:
      'Dialogflow: a real detect intent of a greeting with the service-account key sent, or the stored one of `id` when none is sent; answers the intent and its messages. Typebot: starts a chat on `typebotSlug` at `urlN8N`. n8n and webhook: POSTs `{ version: 1, event: "test" }` to `urlN8N`. Failures: ERR_INTEGRATION_CREDENTIALS (400), ERR_INTEGRATION_TIMEOUT (504), ERR_INTEGRATION_FAILED (502, the provider status and message in `data`).',
    body: queueIntegrationTestSchema,
    response: queueIntegrationTestView,
  }),
} as const;
