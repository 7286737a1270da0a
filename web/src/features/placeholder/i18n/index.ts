import { placeholderEn } from './en';
import { placeholderEs } from './es';
import { placeholderPtBR } from './pt-BR';

/** The placeholder namespace in every language, combined by lib/i18n/resources. */
export const placeholderI18n = { 'pt-BR': placeholderPtBR, en: placeholderEn, es: placeholderEs };
