import { z } from 'zod';
import { nullableDate } from './common.js';

/** GET /prompt rows: never the provider key. */
export const promptView = z.object({
  id: z.number(),
  name: z.string(),
  voice: z.string().optional(),
  model: z.string().nullable().optional(),
  queueId: z.number().nullable().optional(),
  maxTokens: z.number().optional(),
  temperature: z.number().optional(),
  maxMessages: z.number().optional(),
  /** The queue the assistant hands over to (the prompts page shows its name). */
  queue: z.object({ id: z.number(), name: z.string() }).nullable().optional(),
});

/**
 * A prompt as its dialog edits it (GET /prompt/:id and every write's answer). The provider
 * key and the voice key are never sent back: only whether one is stored.
 */
export const promptDetailView = z.object({
  id: z.number(),
  name: z.string(),
  prompt: z.string(),
  voice: z.string(),
  voiceRegion: z.string().nullable(),
  model: z.string().nullable(),
  queueId: z.number().nullable(),
  queue: z.object({ id: z.number(), name: z.string() }).nullable(),
  maxTokens: z.number(),
  temperature: z.number(),
  maxMessages: z.number(),
  hasApiKey: z.boolean(),
  hasVoiceKey: z.boolean(),
  createdAt: nullableDate,
  updatedAt: nullableDate,
});
export type PromptDetailView = z.output<typeof promptDetailView>;
