import { reportsEn } from './en';
import { reportsEs } from './es';
import { reportsPtBR } from './pt-BR';

/** The ticket reports namespace in every language, combined by lib/i18n/resources. */
export const reportsI18n = { 'pt-BR': reportsPtBR, en: reportsEn, es: reportsEs };
