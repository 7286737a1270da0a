import type { MessagesApiMessages } from './pt-BR';

/** English: the messages API page (documentation and test forms). */
export const messagesApiEn: MessagesApiMessages = {
  messagesApi: {
    title: 'Messages API',
    intro: "Send texts and files through WhatsApp from other systems, with a connection's token.",
    docs: {
      title: 'Documentation',
      endpoint: 'Endpoint',
      method: 'Method',
      headers: 'Headers',
      headersText:
        "Authorization: Bearer <the connection's token> (shown on the connection's general tab). Content-Type: application/json for text or multipart/form-data for files.",
      numberRule:
        'The number is digits only: country code, area code and number, no mask (e.g. 5511999999999).',
      textTitle: 'Send text (JSON)',
      mediaTitle: 'Send files (multipart)',
      mediaText: 'Send one or more files in the medias field; body is the first file’s caption.',
      fieldsTitle: 'Fields',
      field: 'Field',
      description: 'Description',
      fields: {
        number: 'Required. The destination number, digits only with country and area code.',
        body: "The message text (required for text; the files' caption).",
        userId: 'Optional. An attendant id: the ticket is open with them.',
        queueId: "Optional. The ticket's queue id.",
        sendSignature:
          "Optional (true/false). Signs the text with the attendant's name (needs userId).",
        closeTicket: 'Optional (true/false). Closes the ticket after sending, with no farewell.',
        medias: 'Files (multipart only). One or more.',
      },
      answerTitle: 'Answer',
      answerText: '200: a confirmation message, the ticket id and the ids of the messages created.',
      errorsTitle: 'Errors',
      errorsText: 'Errors answer { error, fields? }:',
      errorCodes: {
        e400: '400 ERR_VALIDATION: invalid fields (fields names them); or a number not on WhatsApp.',
        e401: '401 ERR_SESSION_EXPIRED: no token.',
        e403: '403 ERR_INVALID_TOKEN: unknown token; ERR_NO_PERMISSION: company off or plan without the external API.',
        e429: '429 ERR_TOO_MANY_REQUESTS: too many requests for this connection; wait.',
      },
      copy: 'Copy',
      copied: 'Copied!',
      copyFailed: 'Could not copy.',
    },
    test: {
      textTitle: 'Test sending a text',
      mediaTitle: 'Test sending a file',
      connection: 'Connection',
      connectionHint: 'Pick a connection to use its token',
      token: 'Token',
      number: 'Number',
      numberPlaceholder: '5511999999999',
      body: 'Message',
      caption: 'Caption (optional)',
      file: 'File',
      send: 'Send',
      sending: 'Sending…',
      sent: 'Message sent successfully',
      answer: "The API's answer",
      ticket: 'Ticket {{id}}',
      messages: 'Messages: {{ids}}',
      failed: 'The API refused the message ({{status}})',
      networkError: 'Could not reach the API.',
    },
    validation: {
      required: 'Required',
      number: 'Digits only: country code, area code and number, no mask',
    },
    errors: {
      ERR_SESSION_EXPIRED: "Give the connection's token.",
      ERR_INVALID_TOKEN: 'No connection has this token.',
      ERR_NO_PERMISSION: "The company is off or its plan doesn't include the external API.",
      ERR_TOO_MANY_REQUESTS: 'Too many requests for this connection. Wait and try again.',
      ERR_VALIDATION: 'Some fields are invalid.',
    },
  },
};
