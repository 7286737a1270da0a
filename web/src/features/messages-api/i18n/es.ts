import type { MessagesApiMessages } from './pt-BR';

/** Español: the messages API page (documentation and test forms). */
export const messagesApiEs: MessagesApiMessages = {
  messagesApi: {
    title: 'API de mensajes',
    intro:
      'Envíe textos y archivos por WhatsApp desde otros sistemas, con el token de una conexión.',
    docs: {
      title: 'Documentación',
      endpoint: 'Endpoint',
      method: 'Método',
      headers: 'Encabezados',
      headersText:
        'Authorization: Bearer <token de la conexión> (en la pestaña general de la conexión). Content-Type: application/json para texto o multipart/form-data para archivos.',
      numberRule:
        'El número lleva solo dígitos: código de país, código de área y número, sin máscara (ej.: 5511999999999).',
      textTitle: 'Enviar texto (JSON)',
      mediaTitle: 'Enviar archivos (multipart)',
      mediaText:
        'Envíe uno o más archivos en el campo medias; body es la leyenda del primer archivo.',
      fieldsTitle: 'Campos',
      field: 'Campo',
      description: 'Descripción',
      fields: {
        number: 'Obligatorio. Número de destino, solo dígitos con código de país y de área.',
        body: 'Texto del mensaje (obligatorio para texto; leyenda de los archivos).',
        userId: 'Opcional. Id del agente: el ticket queda abierto con él.',
        queueId: 'Opcional. Id de la cola del ticket.',
        sendSignature:
          'Opcional (true/false). Firma el texto con el nombre del agente (requiere userId).',
        closeTicket: 'Opcional (true/false). Cierra el ticket tras el envío, sin despedida.',
        medias: 'Archivos (solo multipart). Uno o más.',
      },
      answerTitle: 'Respuesta',
      answerText:
        '200: un mensaje de confirmación, el id del ticket y los ids de los mensajes creados.',
      errorsTitle: 'Errores',
      errorsText: 'Los errores responden { error, fields? }:',
      errorCodes: {
        e400: '400 ERR_VALIDATION: campos inválidos (fields los nombra); o un número que no está en WhatsApp.',
        e401: '401 ERR_SESSION_EXPIRED: sin token.',
        e403: '403 ERR_INVALID_TOKEN: token desconocido; ERR_NO_PERMISSION: empresa inactiva o plan sin API externa.',
        e429: '429 ERR_TOO_MANY_REQUESTS: demasiadas solicitudes para esta conexión; espere.',
      },
      copy: 'Copiar',
      copied: '¡Copiado!',
      copyFailed: 'No se pudo copiar.',
    },
    test: {
      textTitle: 'Probar envío de texto',
      mediaTitle: 'Probar envío de archivo',
      connection: 'Conexión',
      connectionHint: 'Elija una conexión para usar su token',
      token: 'Token',
      number: 'Número',
      numberPlaceholder: '5511999999999',
      body: 'Mensaje',
      caption: 'Leyenda (opcional)',
      file: 'Archivo',
      send: 'Enviar',
      sending: 'Enviando…',
      sent: 'Mensaje enviado con éxito',
      answer: 'Respuesta de la API',
      ticket: 'Ticket {{id}}',
      messages: 'Mensajes: {{ids}}',
      failed: 'La API rechazó el envío ({{status}})',
      networkError: 'No se pudo llamar a la API.',
    },
    validation: {
      required: 'Obligatorio',
      number: 'Solo dígitos: código de país, código de área y número, sin máscara',
    },
    errors: {
      ERR_SESSION_EXPIRED: 'Indique el token de la conexión.',
      ERR_INVALID_TOKEN: 'Ninguna conexión tiene este token.',
      ERR_NO_PERMISSION: 'La empresa está inactiva o el plan no incluye la API externa.',
      ERR_TOO_MANY_REQUESTS:
        'Demasiadas solicitudes para esta conexión. Espere e intente de nuevo.',
      ERR_VALIDATION: 'Hay campos inválidos.',
    },
  },
};
