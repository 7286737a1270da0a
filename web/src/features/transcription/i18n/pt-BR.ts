/** Portuguese: the transcription picker, its credential dialog and the message action. */
export const transcriptionPtBR = {
  transcription: {
    title: 'Serviço de transcrição',
    description: 'Escolha o serviço que transcreve os áudios recebidos.',
    open: 'Configurar transcrição',
    close: 'Fechar',
    loading: 'Carregando...',
    current: 'Padrão',
    choose: 'Usar este serviço',
    configureKey: 'Configurar chave',
    keyConfigured: 'Chave: {{key}}',
    keyInactive: 'Chave inativa',
    noKey: 'Sem chave cadastrada',
    services: {
      default: 'Serviço nativo',
      defaultDescription: 'Sem transcrição automática: nenhum serviço externo é chamado.',
      openai: 'OpenAI (speech-to-text)',
      openaiDescription: 'Transcrição pelo modelo Whisper da OpenAI, com a sua chave de API.',
      groq: 'Groq',
      groqDescription: 'Transcrição pelo Whisper large-v3 na Groq, com a sua chave de API.',
    },
    loadError: 'Erro ao carregar credenciais',
    updateDefaultError: 'Erro ao atualizar serviço padrão',
    defaultUpdated: 'Serviço padrão atualizado com sucesso',
    credential: {
      title: 'Credencial de transcrição',
      description: 'A chave é guardada criptografada e nunca é exibida por inteiro.',
      service: 'Serviço',
      apiKey: 'Chave de API',
      isActive: 'Ativa',
      cancel: 'Cancelar',
      save: 'Salvar',
      saved: 'Credencial criada com sucesso',
      saveError: 'Erro ao salvar credencial',
    },
    transcribe: 'Transcrever',
    transcribing: 'Transcrevendo...',
    transcriptLabel: 'Transcrição',
  },
};

export type TranscriptionMessages = typeof transcriptionPtBR;
