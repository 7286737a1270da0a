import {
  createTranscriptionCredentialSchema,
  setDefaultTranscriptionServiceSchema,
  ticketIdParams,
  transcribeAudioSchema,
  transcriptionCredentialView,
  transcriptionDefaultView,
  transcriptionResultView,
} from '@atendo/domain';
import { z } from 'zod';
import { route } from '../define.js';

/**
 * Audio transcription (docs/product/settings.md#routes): the company's credentials for the external services, its
 * default service, and the transcription of a ticket's audio message.
 */
export const transcriptionRoutes = {
  transcriptionCredentialsIndex: route({
    method: 'GET',
    path: '/transcription-credentials',
    access: 'admin',
    tag: 'transcription',
    summary: "The company's transcription credentials (keys masked)",
    response: z.array(transcriptionCredentialView),
  }),
  transcriptionDefaultShow: route({
    method: 'GET',
    path: '/transcription-credentials/default',
    access: 'admin',
    tag: 'transcription',
    summary: "The company's default transcription service",
    response: transcriptionDefaultView,
  }),
  transcriptionDefaultUpdate: route({
    method: 'PUT',
    path: '/transcription-credentials/default',
    access: 'admin',
    tag: 'transcription',
    summary: 'Pick the default transcription service',
    description:
      'openai and groq need an active credential of that service (ERR_TRANSCRIPTION_NO_CREDENTIAL).',
    body: setDefaultTranscriptionServiceSchema,
    response: transcriptionDefaultView,
  }),
  transcriptionCredentialsCreate: route({
    method: 'POST',
    path: '/transcription-credentials',
    access: 'admin',
    tag: 'transcription',
    summary: 'Save the API key of a transcription service',
    description:
      'One credential per service: saving a key for a service that has one replaces its key and active flag. The key is stored encrypted and answered masked.',
    body: createTranscriptionCredentialSchema,
    response: transcriptionCredentialView,
    status: 201,
  }),
  transcriptionTranscribe: route({
    method: 'POST',
    path: '/transcription/:ticketId',
    access: 'user',
    tag: 'transcription',
    summary: "Transcribe an audio message of a ticket with the company's default service",
    description:
      'The ticket must be one the caller may open. openai and groq are called with the company key; the native service has no engine (ERR_TRANSCRIPTION_NOT_CONFIGURED). A failing service answers ERR_TRANSCRIPTION_FAILED (502).',
    params: ticketIdParams,
    body: transcribeAudioSchema,
    response: transcriptionResultView,
  }),
} as const;
