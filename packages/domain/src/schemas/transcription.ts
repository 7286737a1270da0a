import { z } from 'zod';
import { MSG_REQUIRED } from './validation-messages.js';

/**
 * The transcription services a company can pick as its default (docs/product/settings.md): `default` is the
 * native one, `openai` and `groq` are external speech-to-text providers reached with the
 * company's own API key.
 */
export const TRANSCRIPTION_SERVICES = ['default', 'openai', 'groq'] as const;
export type TranscriptionService = (typeof TRANSCRIPTION_SERVICES)[number];

/** The services that need a credential (an API key). */
export const EXTERNAL_TRANSCRIPTION_SERVICES = ['openai', 'groq'] as const;
export type ExternalTranscriptionService = (typeof EXTERNAL_TRANSCRIPTION_SERVICES)[number];

export const transcriptionServiceSchema = z.enum(TRANSCRIPTION_SERVICES);
export const externalTranscriptionServiceSchema = z.enum(EXTERNAL_TRANSCRIPTION_SERVICES);

/** PUT /transcription-credentials/default. */
export const setDefaultTranscriptionServiceSchema = z.object({
  service: transcriptionServiceSchema,
});
export type SetDefaultTranscriptionServiceInput = z.infer<
  typeof setDefaultTranscriptionServiceSchema
>;

/** POST /transcription-credentials: one key per service (a new one replaces the old). */
export const createTranscriptionCredentialSchema = z.object({
  service: externalTranscriptionServiceSchema,
  apiKey: z.string().trim().min(8).max(500),
  isActive: z.boolean().default(true),
});
export type CreateTranscriptionCredentialInput = z.input<
  typeof createTranscriptionCredentialSchema
>;

/**
 * POST /transcription/:ticketId: the audio to transcribe, named by the message (quotedMsg,
 * as the message object or its id) and/or its stored file (mediaUrl). One of them is needed.
 */
export const transcribeAudioSchema = z
  .object({
    mediaUrl: z.string().trim().min(1).max(2000).nullable().optional(),
    quotedMsg: z
      .union([
        z.number().int().positive(),
        z.object({ id: z.number().int().positive() }).passthrough(),
      ])
      .nullable()
      .optional(),
  })
  .refine((b) => !!b.mediaUrl || !!b.quotedMsg, {
    message: MSG_REQUIRED,
    path: ['mediaUrl'],
  });
export type TranscribeAudioInput = z.infer<typeof transcribeAudioSchema>;
