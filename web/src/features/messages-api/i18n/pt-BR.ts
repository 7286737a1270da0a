/** Português: the messages API page (documentation and test forms, docs/product/messages-api.md, docs/product/messages-api.md#routes). */
export const messagesApiPtBR = {
  messagesApi: {
    title: 'API de mensagens',
    intro:
      'Envie textos e arquivos pelo WhatsApp a partir de outros sistemas, usando o token de uma conexão.',
    docs: {
      title: 'Documentação',
      endpoint: 'Endpoint',
      method: 'Método',
      headers: 'Cabeçalhos',
      headersText:
        'Authorization: Bearer <token da conexão> (o token fica na aba geral da conexão). Content-Type: application/json para texto ou multipart/form-data para arquivos.',
      numberRule:
        'O número deve ter apenas dígitos: código do país, DDD e número, sem máscara (ex.: 5511999999999).',
      textTitle: 'Enviar texto (JSON)',
      mediaTitle: 'Enviar arquivos (multipart)',
      mediaText:
        'Envie um ou mais arquivos no campo medias; o campo body é a legenda do primeiro arquivo.',
      fieldsTitle: 'Campos',
      field: 'Campo',
      description: 'Descrição',
      fields: {
        number: 'Obrigatório. Número de destino, apenas dígitos com código do país e DDD.',
        body: 'Texto da mensagem (obrigatório para texto; legenda para arquivos).',
        userId: 'Opcional. Id do atendente: o ticket fica aberto com ele.',
        queueId: 'Opcional. Id da fila do ticket.',
        sendSignature:
          'Opcional (true/false). Assina o texto com o nome do atendente (exige userId).',
        closeTicket:
          'Opcional (true/false). Fecha o ticket após o envio, sem mensagem de despedida.',
        medias: 'Arquivos (somente multipart). Um ou mais.',
      },
      answerTitle: 'Resposta',
      answerText: '200: mensagem de confirmação, o id do ticket e os ids das mensagens criadas.',
      errorsTitle: 'Erros',
      errorsText: 'Os erros respondem { error, fields? }:',
      errorCodes: {
        e400: '400 ERR_VALIDATION: campos inválidos (fields diz quais); ou número que não existe no WhatsApp.',
        e401: '401 ERR_SESSION_EXPIRED: sem token.',
        e403: '403 ERR_INVALID_TOKEN: token desconhecido; ERR_NO_PERMISSION: empresa inativa ou plano sem API externa.',
        e429: '429 ERR_TOO_MANY_REQUESTS: muitas requisições para esta conexão; aguarde.',
      },
      copy: 'Copiar',
      copied: 'Copiado!',
      copyFailed: 'Não foi possível copiar.',
    },
    test: {
      textTitle: 'Testar envio de texto',
      mediaTitle: 'Testar envio de arquivo',
      connection: 'Conexão',
      connectionHint: 'Escolha uma conexão para usar o token dela',
      token: 'Token',
      number: 'Número',
      numberPlaceholder: '5511999999999',
      body: 'Mensagem',
      caption: 'Legenda (opcional)',
      file: 'Arquivo',
      send: 'Enviar',
      sending: 'Enviando…',
      sent: 'Mensagem enviada com sucesso',
      answer: 'Resposta da API',
      ticket: 'Ticket {{id}}',
      messages: 'Mensagens: {{ids}}',
      failed: 'A API recusou o envio ({{status}})',
      networkError: 'Não foi possível chamar a API.',
    },
    validation: {
      required: 'Obrigatório',
      number: 'Apenas dígitos: código do país, DDD e número, sem máscara',
    },
    errors: {
      ERR_SESSION_EXPIRED: 'Informe o token da conexão.',
      ERR_INVALID_TOKEN: 'Nenhuma conexão tem este token.',
      ERR_NO_PERMISSION: 'A empresa está inativa ou o plano não inclui a API externa.',
      ERR_TOO_MANY_REQUESTS: 'Muitas requisições para esta conexão. Aguarde e tente de novo.',
      ERR_VALIDATION: 'Há campos inválidos.',
    },
  },
};

export type MessagesApiMessages = typeof messagesApiPtBR;
