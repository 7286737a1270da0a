import { z } from 'zod';
import { transcriptionServiceSchema } from '../schemas/transcription.js';
import { isoDate } from './common.js';

/**
 * A transcription credential as the api answers it: the key only masked (its first three and
 * last four characters, e.g. `sk-…abcd`), never in full.
 */
export const transcriptionCredentialView = z.object({
  id: z.number(),
  service: z.string(),
  apiKey: z.string(),
  isActive: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type TranscriptionCredentialView = z.infer<typeof transcriptionCredentialView>;

/** The company's default transcription service. */
export const transcriptionDefaultView = z.object({ service: transcriptionServiceSchema });
export type TranscriptionDefaultView = z.infer<typeof transcriptionDefaultView>;

/** The text of a transcribed audio message (`text` as the speech-to-text services name it). */
export const transcriptionResultView = z.object({ messageId: z.number(), text: z.string() });
export type TranscriptionResultView = z.infer<typeof transcriptionResultView>;
