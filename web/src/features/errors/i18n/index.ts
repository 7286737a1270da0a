import { errorsEn } from './en';
import { errorsEs } from './es';
import { errorsPtBR } from './pt-BR';

/** The errors namespace in every language, combined by lib/i18n/resources. */
export const errorsI18n = { 'pt-BR': errorsPtBR, en: errorsEn, es: errorsEs };
