import { profileEn } from './en';
import { profileEs } from './es';
import { profilePtBR } from './pt-BR';

/** The profile namespace in every language, combined by lib/i18n/resources. */
export const profileI18n = { 'pt-BR': profilePtBR, en: profileEn, es: profileEs };
