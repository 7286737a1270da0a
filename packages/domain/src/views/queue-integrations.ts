import { z } from 'zod';
import { nullableDate } from './common.js';

/** GET /queueIntegration rows: never the Dialogflow credentials. */
export const queueIntegrationView = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  projectName: z.string().nullable().optional(),
  language: z.string().nullable().optional(),
  urlN8N: z.string().nullable().optional(),
  typebotSlug: z.string().nullable().optional(),
});

/**
 * An integration as its dialog edits it (GET /queueIntegration/:id and every write's answer):
 * everything but the Dialogflow key, of which only whether one is stored.
 */
export const queueIntegrationDetailView = z.object({
  id: z.number(),
  type: z.string(),
  name: z.string(),
  projectName: z.string().nullable(),
  language: z.string().nullable(),
  urlN8N: z.string().nullable(),
  typebotSlug: z.string().nullable(),
  typebotExpires: z.number(),
  typebotDelayMessage: z.number(),
  typebotKeywordFinish: z.string().nullable(),
  typebotKeywordRestart: z.string().nullable(),
  typebotUnknownMessage: z.string().nullable(),
  typebotRestartMessage: z.string().nullable(),
  hasJsonContent: z.boolean(),
  createdAt: nullableDate,
  updatedAt: nullableDate,
});
export type QueueIntegrationDetailView = z.output<typeof queueIntegrationDetailView>;
