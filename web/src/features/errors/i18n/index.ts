import { errorsEn } from './en';
import { errorsEs } from './es';
import { errorsPtBR } from './pt-BR';
import { errorsTr } from './tr';

/** The errors namespace in every language, combined by lib/i18n/resources. */
export const errorsI18n = { 'pt-BR': errorsPtBR, en: errorsEn, es: errorsEs, tr: errorsTr };
