import type { TranscriptionMessages } from './pt-BR';

/** Spanish: the transcription picker, its credential dialog and the message action. */
export const transcriptionEs: TranscriptionMessages = {
  transcription: {
    title: 'Servicio de transcripción',
    description: 'Elija el servicio que transcribe los audios recibidos.',
    open: 'Configurar transcripción',
    close: 'Cerrar',
    loading: 'Cargando...',
    current: 'Predeterminado',
    choose: 'Usar este servicio',
    configureKey: 'Configurar clave',
    keyConfigured: 'Clave: {{key}}',
    keyInactive: 'Clave inactiva',
    noKey: 'Sin clave registrada',
    services: {
      default: 'Servicio nativo',
      defaultDescription: 'Sin transcripción automática: no se llama a ningún servicio externo.',
      openai: 'OpenAI (speech-to-text)',
      openaiDescription: 'Transcripción con el modelo Whisper de OpenAI, con su clave de API.',
      groq: 'Groq',
      groqDescription: 'Transcripción con Whisper large-v3 en Groq, con su clave de API.',
    },
    loadError: 'Error al cargar las credenciales',
    updateDefaultError: 'Error al actualizar el servicio predeterminado',
    defaultUpdated: 'Servicio predeterminado actualizado con éxito',
    credential: {
      title: 'Credencial de transcripción',
      description: 'La clave se guarda cifrada y nunca se muestra completa.',
      service: 'Servicio',
      apiKey: 'Clave de API',
      isActive: 'Activa',
      cancel: 'Cancelar',
      save: 'Guardar',
      saved: 'Credencial creada con éxito',
      saveError: 'Error al guardar la credencial',
    },
    transcribe: 'Transcribir',
    transcribing: 'Transcribiendo...',
    transcriptLabel: 'Transcripción',
  },
};
