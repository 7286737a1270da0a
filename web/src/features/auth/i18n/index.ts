import { authEn } from './en';
import { authEs } from './es';
import { authPtBR } from './pt-BR';

/** The auth namespace in every language, combined by lib/i18n/resources. */
export const authI18n = { 'pt-BR': authPtBR, en: authEn, es: authEs };
