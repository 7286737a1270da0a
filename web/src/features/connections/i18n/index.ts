import { connectionsEn } from './en';
import { connectionsEs } from './es';
import { connectionsPtBR } from './pt-BR';

/** The connections namespace in every language, combined by lib/i18n/resources. */
export const connectionsI18n = { 'pt-BR': connectionsPtBR, en: connectionsEn, es: connectionsEs };
