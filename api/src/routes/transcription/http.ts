import type { ModuleHttp } from '../../http/define-routes.js';
import { findDefaultTranscriptionService } from '@atendo/core/modules/transcription/find-default-transcription-service.js';
import { listTranscriptionCredentials } from '@atendo/core/modules/transcription/list-transcription-credentials.js';
import { saveTranscriptionCredential } from '@atendo/core/modules/transcription/save-transcription-credential.js';
import { setDefaultTranscriptionService } from '@atendo/core/modules/transcription/set-default-transcription-service.js';
import { transcribeAudio } from '@atendo/core/modules/transcription/transcribe-audio.js';

// The static /transcription-credentials/default is mounted before anything with an id.
export const transcriptionHttp: ModuleHttp = (ctx) => ({
  handlers: {
    transcriptionCredentialsIndex: ({ auth }) => listTranscriptionCredentials(ctx, { auth }),
    transcriptionDefaultShow: ({ auth }) =>
      findDefaultTranscriptionService(ctx, { companyId: auth.companyId }),
    transcriptionDefaultUpdate: ({ auth, body }) =>
      setDefaultTranscriptionService(ctx, { auth, input: body }),
    transcriptionCredentialsCreate: ({ auth, body }) =>
      saveTranscriptionCredential(ctx, { auth, input: body }),
    transcriptionTranscribe: ({ auth, params, body }) =>
      transcribeAudio(ctx, { auth, ticketId: params.ticketId, input: body }),
  },
});
