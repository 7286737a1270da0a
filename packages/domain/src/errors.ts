/** The error catalogue of docs/product/errors.md#error-catalogue (plus the few codes the server needs for its own rules). */
export const ERROR_STATUS = {
  ERR_NO_OTHER_WHATSAPP: 400,
  ERR_NO_DEF_WAPP_FOUND: 404,
  ERR_WAPP_NOT_INITIALIZED: 400,
  ERR_WAPP_CHECK_CONTACT: 400,
  ERR_WAPP_INVALID_CONTACT: 400,
  ERR_WAPP_DOWNLOAD_MEDIA: 400,
  ERR_INVALID_CREDENTIALS: 401,
  ERR_SENDING_WAPP_MSG: 400,
  ERR_DELETE_WAPP_MSG: 400,
  ERR_OTHER_OPEN_TICKET: 409,
  ERR_SESSION_EXPIRED: 401,
  ERR_INVALID_TOKEN: 403,
  ERR_USER_CREATION_DISABLED: 403,
  ERR_NO_PERMISSION: 403,
  ERR_DUPLICATED_CONTACT: 409,
  ERR_NO_SETTING_FOUND: 404,
  ERR_NO_CONTACT_FOUND: 404,
  ERR_NO_TICKET_FOUND: 404,
  ERR_NO_USER_FOUND: 404,
  ERR_NO_WAPP_FOUND: 404,
  ERR_NO_COMPANY_FOUND: 404,
  ERR_NO_PLAN_FOUND: 404,
  ERR_NOT_FOUND: 404,
  ERR_CREATING_MESSAGE: 400,
  ERR_CREATING_TICKET: 400,
  ERR_FETCH_WAPP_MSG: 400,
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 409,
  ERR_WAPP_GREETING_REQUIRED: 400,
  ERR_OUT_OF_HOURS: 401,
  ERR_VALIDATION: 400,
  ERR_INVALID_JSON: 400,
  ERR_PAYLOAD_TOO_LARGE: 413,
  ERR_DUPLICATED_EMAIL: 409,
  ERR_DUPLICATED_COMPANY: 409,
  ERR_DUPLICATED_PLAN: 409,
  ERR_PLAN_IN_USE: 409,
  /** A concurrent request won: the row now exists, or is still referenced, or is gone. */
  ERR_CONFLICT: 409,
  ERR_USER_LIMIT_REACHED: 403,
  ERR_CANNOT_DELETE_SELF: 400,
  ERR_CANNOT_DELETE_PLATFORM_COMPANY: 400,
  ERR_COMPANY_INACTIVE: 403,
  ERR_SUBSCRIPTION_EXPIRED: 402,
  ERR_TOO_MANY_REQUESTS: 429,
  ERR_CONNECTION_LIMIT_REACHED: 403,
  ERR_CHANNEL_NOT_IN_PLAN: 403,
  ERR_DUPLICATED_CONNECTION: 409,
  /** A tag (or lane) of this name already exists in the company. */
  ERR_DUPLICATED_TAG: 409,
  /** A quick message with this shortcode already exists in the company. */
  ERR_DUPLICATED_SHORTCODE: 409,
  /** A file list of this name already exists in the company. */
  ERR_DUPLICATED_FILE_LIST: 409,
  /** An integration of this name already exists in the company. */
  ERR_DUPLICATED_INTEGRATION: 409,
  /** A Dialogflow key that is not a service account, or that Google refused (integration test). */
  ERR_INTEGRATION_CREDENTIALS: 400,
  /** The integration's provider did not answer within INTEGRATION_TIMEOUT_MS. */
  ERR_INTEGRATION_TIMEOUT: 504,
  /** The integration's provider was unreachable or refused the call (its status in `data`). */
  ERR_INTEGRATION_FAILED: 502,
  ERR_CNPJ_NOT_FOUND: 404,
  ERR_CNPJ_LOOKUP_FAILED: 502,
  /** An upload that is not a readable spreadsheet or text file ('Arquivo inválido!'). */
  ERR_INVALID_FILE: 400,
  /** 'Parametrize o filtro': the dashboard was asked with no period (docs/product/tickets.md#validation). */
  ERR_DASHBOARD_FILTER_REQUIRED: 400,
  /** Closing needs a tag on the contact or the ticket (requiredTag). */
  ERR_TICKET_TAG_REQUIRED: 400,
  /** A closed ticket is reopened before it can be deleted ('PARA DELETAR REABRA O TICKET'). */
  ERR_TICKET_CLOSED: 400,
  /** Transfer to a connection that is not CONNECTED. */
  ERR_CONNECTION_DISCONNECTED: 400,
  /** Editing a message after 15 minutes, or someone else's. */
  ERR_EDIT_WINDOW_EXPIRED: 400,
  /** A webhook whose X-Hub-Signature-256 is missing or does not sign its body. */
  ERR_INVALID_SIGNATURE: 401,
  /** Facebook, Instagram and the Cloud API answer only within 24 h of the customer's last message. */
  ERR_OUTSIDE_24H_WINDOW: 400,
  ERR_QUEUE_NOT_FOUND: 404,
  /** A queue of this name already exists in the company. */
  ERR_DUPLICATED_QUEUE: 409,
  /** The plan's queue limit (0 = unlimited) is reached. */
  ERR_QUEUE_LIMIT_REACHED: 403,
  ERR_CHATBOT_NOT_FOUND: 404,
  /** A scheduled message whose last send is done (sentAt set) can no longer change. */
  ERR_SCHEDULE_ALREADY_SENT: 400,
  /** The company's plan lacks the module's use* flag (useCampaigns, useSchedules, …). */
  ERR_PLAN_FEATURE_DISABLED: 403,
  /** A campaign is editable only while INATIVA, CANCELADA or PROGRAMADA more than 1 h ahead. */
  ERR_CAMPAIGN_NOT_EDITABLE: 409,
  /** Cancel only from EM_ANDAMENTO or PROGRAMADA; restart only from CANCELADA. */
  ERR_CAMPAIGN_INVALID_TRANSITION: 409,
  /** A campaign in progress is cancelled before it can be deleted. */
  ERR_CAMPAIGN_RUNNING: 409,
  /** An external transcription service (openai, groq) picked or used without an active key. */
  ERR_TRANSCRIPTION_NO_CREDENTIAL: 400,
  /** The company's service is the native one, and this platform has no native engine. */
  ERR_TRANSCRIPTION_NOT_CONFIGURED: 400,
  /** Transcription asked of a message that is not an audio with a stored file. */
  ERR_TRANSCRIPTION_NOT_AUDIO: 400,
  /** The transcription service failed or answered something unreadable. */
  ERR_TRANSCRIPTION_FAILED: 502,
  /** The invoice is already paid: no new charge is created for it. */
  ERR_INVOICE_ALREADY_PAID: 409,
  /** No payment provider is configured (MERCADOPAGO_ACCESS_TOKEN unset). */
  ERR_PAYMENT_NOT_CONFIGURED: 503,
  /** The api is stopping: the request was not started; retry it (another replica takes it). */
  ERR_SHUTTING_DOWN: 503,
  /** PostgreSQL cannot be reached (restarting, failing over): retry it in a few seconds. */
  ERR_DATABASE_UNAVAILABLE: 503,
  /** The payment provider refused the charge or did not answer. */
  ERR_PAYMENT_PROVIDER: 502,
  /** A feature's message (e.g. transferMessage) emptied while the feature is on (docs/product/settings.md#validation). */
  ERR_SETTING_MESSAGE_REQUIRED: 400,
  /** Meta refused the Cloud API access token (expired, revoked, or without this number). */
  ERR_META_TOKEN_INVALID: 400,
  /** Meta knows no phone number of this id for the token (Cloud API). */
  ERR_META_PHONE_NUMBER_INVALID: 400,
  /** Meta refused subscribing the app to this WhatsApp Business Account. */
  ERR_META_BUSINESS_ACCOUNT_INVALID: 400,
  /** The Meta Graph API did not answer (unreachable, timed out or failing). */
  ERR_META_UNAVAILABLE: 502,
  ERR_INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** One field that failed validation: its dotted path and the rule's message. */
export interface FieldIssue {
  field: string;
  message: string;
}

/** The body every failed API call returns. */
export interface ErrorBody {
  error: ErrorCode | string;
  fields?: FieldIssue[];
  /** Extra data some codes carry (e.g. the holder of an open ticket). */
  data?: unknown;
}

/** The one error type of the platform; the HTTP layer maps it to status + `{ error }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: FieldIssue[];
  readonly data?: unknown;

  constructor(
    code: ErrorCode,
    options: { status?: number; fields?: FieldIssue[]; data?: unknown } = {},
  ) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? ERROR_STATUS[code];
    this.fields = options.fields;
    this.data = options.data;
  }

  /** The JSON body sent to the client. */
  toBody(): ErrorBody {
    const body: ErrorBody = { error: this.code };
    if (this.fields) body.fields = this.fields;
    if (this.data !== undefined) body.data = this.data;
    return body;
  }
}

/** True when `value` is an AppError (also across module copies). */
export function isAppError(value: unknown): value is AppError {
  return (
    value instanceof AppError ||
    (value instanceof Error && value.name === 'AppError' && 'code' in value)
  );
}
