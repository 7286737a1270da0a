import {
  createPromptSchema,
  idParams,
  messageView,
  paged,
  pickerListQuery,
  promptDetailView,
  promptView,
  updatePromptSchema,
} from '@atendo/domain';
import { route } from '../define.js';

/**
 * AI prompts (docs/product/queues-and-chatbots.md Prompts page, plan flag useOpenAi). Anyone of the company lists them (the
 * connection modal and queue dialog pick from them); admins manage them. No answer carries the
 * provider key or the voice key.
 */
export const promptsRoutes = {
  promptsIndex: route({
    method: 'GET',
    path: '/prompt',
    access: 'user',
    tag: 'prompts',
    summary: "The company's AI prompts, by name (never their keys)",
    query: pickerListQuery,
    response: paged('prompts', promptView),
  }),
  promptsShow: route({
    method: 'GET',
    path: '/prompt/:id',
    access: 'admin',
    tag: 'prompts',
    summary: 'One prompt, as its dialog edits it (whether keys are stored, never the keys)',
    params: idParams,
    response: promptDetailView,
  }),
  promptsCreate: route({
    method: 'POST',
    path: '/prompt',
    access: 'admin',
    tag: 'prompts',
    summary: 'Create a prompt (its plan must include OpenAI)',
    body: createPromptSchema,
    status: 201,
    response: promptDetailView,
  }),
  promptsUpdate: route({
    method: 'PUT',
    path: '/prompt/:id',
    access: 'admin',
    tag: 'prompts',
    summary: 'Change a prompt; a key left out or empty stays as stored',
    params: idParams,
    body: updatePromptSchema,
    response: promptDetailView,
  }),
  promptsDelete: route({
    method: 'DELETE',
    path: '/prompt/:id',
    access: 'admin',
    tag: 'prompts',
    summary: 'Delete a prompt (connections, queues and tickets using it lose it)',
    params: idParams,
    response: messageView,
  }),
} as const;
