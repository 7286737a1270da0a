import { momentsEn } from './en';
import { momentsEs } from './es';
import { momentsPtBR } from './pt-BR';

/** The moments namespace in every language, combined by lib/i18n/resources. */
export const momentsI18n = { 'pt-BR': momentsPtBR, en: momentsEn, es: momentsEs };
