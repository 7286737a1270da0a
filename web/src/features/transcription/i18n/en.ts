import type { TranscriptionMessages } from './pt-BR';

/** English: the transcription picker, its credential dialog and the message action. */
export const transcriptionEn: TranscriptionMessages = {
  transcription: {
    title: 'Transcription service',
    description: 'Pick the service that transcribes incoming audio.',
    open: 'Set up transcription',
    close: 'Close',
    loading: 'Loading...',
    current: 'Default',
    choose: 'Use this service',
    configureKey: 'Set up key',
    keyConfigured: 'Key: {{key}}',
    keyInactive: 'Key inactive',
    noKey: 'No key saved',
    services: {
      default: 'Native service',
      defaultDescription: 'No automatic transcription: no external service is called.',
      openai: 'OpenAI (speech-to-text)',
      openaiDescription: "Transcription by OpenAI's Whisper model, with your API key.",
      groq: 'Groq',
      groqDescription: 'Transcription by Whisper large-v3 on Groq, with your API key.',
    },
    loadError: 'Error loading credentials',
    updateDefaultError: 'Error updating the default service',
    defaultUpdated: 'Default service updated successfully',
    credential: {
      title: 'Transcription credential',
      description: 'The key is stored encrypted and never shown in full.',
      service: 'Service',
      apiKey: 'API key',
      isActive: 'Active',
      cancel: 'Cancel',
      save: 'Save',
      saved: 'Credential created successfully',
      saveError: 'Error saving the credential',
    },
    transcribe: 'Transcribe',
    transcribing: 'Transcribing...',
    transcriptLabel: 'Transcript',
  },
};
