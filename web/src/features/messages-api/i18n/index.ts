import { messagesApiEn } from './en';
import { messagesApiEs } from './es';
import { messagesApiPtBR } from './pt-BR';

/** The messages API namespace in every language, combined by lib/i18n/resources. */
export const messagesApiI18n = { 'pt-BR': messagesApiPtBR, en: messagesApiEn, es: messagesApiEs };
