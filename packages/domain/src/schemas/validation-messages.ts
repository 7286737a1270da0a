/**
 * The validation texts the schemas share. They are part of the API contract: a 400 answer carries
 * them word for word, as the lineage's did, in English or in Portuguese depending on the form
 * (docs/development.md#validation-messages). So each is written once, here, and the schemas use
 * these constants; never reword one without changing the api tests that assert it.
 */
export const MSG_REQUIRED = 'Required';
export const MSG_REQUIRED_PT = 'Obrigatório';
export const MSG_TOO_SHORT = 'Too Short!';
export const MSG_TOO_SHORT_PT = 'Muito curto!';
export const MSG_TOO_LONG = 'Too Long!';
export const MSG_TOO_LONG_PT = 'Muito longo!';
export const MSG_INVALID_EMAIL = 'Invalid email';
export const MSG_INVALID_EMAIL_PT = 'Email inválido';
export const MSG_INVALID_TIME = 'Invalid time (HH:MM)';
export const MSG_DOCUMENT_REQUIRED = 'CPF/CNPJ é obrigatório';
export const MSG_INVALID_DOCUMENT = 'CPF/CNPJ inválido';
export const MSG_FULL_NAME_REQUIRED = 'O nome completo é obrigatório';

// The texts one feature's rules answer (docs/development.md#validation-messages): contract too.
export const MSG_INVALID_DATE = 'Invalid date';
export const MSG_INVALID_DAY = 'Invalid date (YYYY-MM-DD)';
export const MSG_INVALID_CHARACTERS = 'Invalid characters';
export const MSG_INVALID_TEXT = 'Invalid text';
export const MSG_INVALID_COLOR = 'Invalid color';
export const MSG_INVALID_URL = 'Invalid URL';
export const MSG_HTTP_URL = 'Must be an http(s) URL';
export const MSG_INVALID_JSON = 'Invalid JSON';
export const MSG_INVALID_PRIORITY = 'Invalid priority';
export const MSG_INVALID_STATUS = 'Invalid status';
export const MSG_INVALID_AMOUNT = 'Invalid amount';
export const MSG_INVALID_HOST = 'Invalid host';
export const MSG_INVALID_PORT = 'Invalid port';
export const MSG_NOT_INTEGER = 'Must be an integer';
export const MSG_INVALID_KEY = 'Invalid key';
export const MSG_TOO_MANY_KEYS = 'At most 2000 keys';
export const MSG_INVALID_VIDEO_CODE = 'Invalid video code';
export const MSG_INVALID_FACEBOOK_USER_ID = 'Invalid Facebook user id';
export const MSG_UNKNOWN_TIME_ZONE = 'Unknown time zone';
export const MSG_NAME_REQUIRED_PT = 'Nome é obrigatório';
export const MSG_VARIABLE_KEY = 'Letters, digits, _ and - only';
export const MSG_TAG_ID_LIST = 'Expected a JSON list of tag ids';
export const MSG_COLUMN_MAPPED_TWICE = 'A column can map to one target only';
export const MSG_WINDOW_TOO_LONG = 'Window too long';
export const MSG_BEFORE_DATE_FROM = 'Before dateFrom';
export const MSG_FILE_LIST_NAME_TOO_SHORT = 'nome muito curto';
export const MSG_TOO_MANY_FILES = 'At most 20 files';
export const MSG_MESSAGE_NUMBER =
  'Digits only: country code, area code and number, no mask (e.g. 5511999999999)';
export const MSG_QUEUE_REQUIRED_PT = 'Informe o setor';
export const MSG_UNKNOWN_VOICE = 'Unknown voice';
export const MSG_DUPLICATED_WEEKDAY = 'Duplicated weekday';
export const MSG_BEFORE_START = 'Before the start';
export const MSG_QUEUE_NAME_TOO_SHORT = 'too short';
export const MSG_MENU_TOO_DEEP = 'Too deep';
export const MSG_TOO_MANY_OPTIONS = 'Too many options';
export const MSG_ROTATION_TIME_REQUIRED = 'Required when rotation is on';
export const MSG_INVALID_INTERVAL = 'Must be 1, 2, 3 or 4';
export const MSG_INVALID_DAY_RULE = 'Must be 4, 5 or 6';
export const MSG_INTERVAL_REQUIRED = 'Required when sending more than once';
export const MSG_TAG_MESSAGE_TOO_SHORT_PT = 'Mensagem muito curta';
export const MSG_TAG_TOO_SHORT_PT = 'Tag muito curta!';
export const MSG_TICKET_OR_CONTACT_REQUIRED = 'ticketId or contactId is required';
export const MSG_META_ID = 'Digits only (5 to 30)';
export const MSG_META_ACCESS_TOKEN = 'A token of 20 to 2000 characters, without spaces';
export const MSG_CONNECTION_TOKEN = 'Token must be 30 letters or digits';
/** These two are console translation keys the lineage answered as texts; kept word for word. */
export const MSG_SEND_QUEUE_PAIR = 'whatsappModal.errorSendQueue';
export const MSG_NPS_EXPIRY_REQUIRED = 'whatsappModal.errorExpiresNPS';
export const MSG_INACTIVITY_EXPIRY_REQUIRED = 'Required when an inactivity message is timed';
export const MSG_VACATION_TOO_FAR_BACK = 'Must not be more than 10 days ago';
export const MSG_NOT_BEFORE_START = 'Must not be before the start';
export const MSG_WITHIN_TWO_YEARS = 'Must be within the last 2 years';
export const MSG_BETWEEN_START_AND_NOW = 'Must be between the start date and now';
export const MSG_OPEN_OR_PENDING = 'open and/or pending';

/**
 * The texts by neutral code. The console translates the code (`validation.tooLong`), not the
 * text, so its translation keys stay in one language and survive a text's rewording; the
 * English and Portuguese wordings of one rule share a code.
 */
export const VALIDATION_TEXTS = {
  required: [MSG_REQUIRED, MSG_REQUIRED_PT],
  tooShort: [MSG_TOO_SHORT, MSG_TOO_SHORT_PT],
  tooLong: [MSG_TOO_LONG, MSG_TOO_LONG_PT],
  invalidEmail: [MSG_INVALID_EMAIL, MSG_INVALID_EMAIL_PT],
  invalidTime: [MSG_INVALID_TIME],
  documentRequired: [MSG_DOCUMENT_REQUIRED],
  invalidDocument: [MSG_INVALID_DOCUMENT],
  fullNameRequired: [MSG_FULL_NAME_REQUIRED],
  invalidDate: [MSG_INVALID_DATE],
  invalidDay: [MSG_INVALID_DAY],
  invalidCharacters: [MSG_INVALID_CHARACTERS],
  invalidText: [MSG_INVALID_TEXT],
  invalidColor: [MSG_INVALID_COLOR],
  invalidUrl: [MSG_INVALID_URL],
  httpUrl: [MSG_HTTP_URL],
  invalidJson: [MSG_INVALID_JSON],
  invalidPriority: [MSG_INVALID_PRIORITY],
  invalidStatus: [MSG_INVALID_STATUS],
  invalidAmount: [MSG_INVALID_AMOUNT],
  invalidHost: [MSG_INVALID_HOST],
  invalidPort: [MSG_INVALID_PORT],
  notInteger: [MSG_NOT_INTEGER],
  invalidKey: [MSG_INVALID_KEY],
  tooManyKeys: [MSG_TOO_MANY_KEYS],
  invalidVideoCode: [MSG_INVALID_VIDEO_CODE],
  invalidFacebookUserId: [MSG_INVALID_FACEBOOK_USER_ID],
  unknownTimeZone: [MSG_UNKNOWN_TIME_ZONE],
  nameRequired: [MSG_NAME_REQUIRED_PT],
  variableKey: [MSG_VARIABLE_KEY],
  tagIdList: [MSG_TAG_ID_LIST],
  columnMappedTwice: [MSG_COLUMN_MAPPED_TWICE],
  windowTooLong: [MSG_WINDOW_TOO_LONG],
  beforeDateFrom: [MSG_BEFORE_DATE_FROM],
  fileListNameTooShort: [MSG_FILE_LIST_NAME_TOO_SHORT],
  tooManyFiles: [MSG_TOO_MANY_FILES],
  messageNumber: [MSG_MESSAGE_NUMBER],
  queueRequired: [MSG_QUEUE_REQUIRED_PT],
  unknownVoice: [MSG_UNKNOWN_VOICE],
  duplicatedWeekday: [MSG_DUPLICATED_WEEKDAY],
  beforeStart: [MSG_BEFORE_START],
  queueNameTooShort: [MSG_QUEUE_NAME_TOO_SHORT],
  menuTooDeep: [MSG_MENU_TOO_DEEP],
  tooManyOptions: [MSG_TOO_MANY_OPTIONS],
  rotationTimeRequired: [MSG_ROTATION_TIME_REQUIRED],
  invalidInterval: [MSG_INVALID_INTERVAL],
  invalidDayRule: [MSG_INVALID_DAY_RULE],
  intervalRequired: [MSG_INTERVAL_REQUIRED],
  tagMessageTooShort: [MSG_TAG_MESSAGE_TOO_SHORT_PT],
  tagTooShort: [MSG_TAG_TOO_SHORT_PT],
  ticketOrContactRequired: [MSG_TICKET_OR_CONTACT_REQUIRED],
  metaId: [MSG_META_ID],
  metaAccessToken: [MSG_META_ACCESS_TOKEN],
  connectionToken: [MSG_CONNECTION_TOKEN],
  sendQueuePair: [MSG_SEND_QUEUE_PAIR],
  npsExpiryRequired: [MSG_NPS_EXPIRY_REQUIRED],
  inactivityExpiryRequired: [MSG_INACTIVITY_EXPIRY_REQUIRED],
  vacationTooFarBack: [MSG_VACATION_TOO_FAR_BACK],
  notBeforeStart: [MSG_NOT_BEFORE_START],
  withinTwoYears: [MSG_WITHIN_TWO_YEARS],
  betweenStartAndNow: [MSG_BETWEEN_START_AND_NOW],
  openOrPending: [MSG_OPEN_OR_PENDING],
} as const satisfies Record<string, readonly string[]>;

export type ValidationCode = keyof typeof VALIDATION_TEXTS;

export const VALIDATION_CODES = Object.keys(VALIDATION_TEXTS) as ValidationCode[];

const CODE_OF_TEXT = new Map<string, ValidationCode>(
  VALIDATION_CODES.flatMap((code) => VALIDATION_TEXTS[code].map((text) => [text, code] as const)),
);

/** The code of a schema's validation text; undefined for a text with no shared code. */
export function validationCode(message: string): ValidationCode | undefined {
  return CODE_OF_TEXT.get(message);
}
