import { tagsEn } from './en';
import { tagsEs } from './es';
import { tagsPtBR } from './pt-BR';

/** The tags namespace in every language, combined by lib/i18n/resources. */
export const tagsI18n = { 'pt-BR': tagsPtBR, en: tagsEn, es: tagsEs };
