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
