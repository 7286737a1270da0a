import { usersEn } from './en';
import { usersEs } from './es';
import { usersPtBR } from './pt-BR';

/** The users namespace in every language, combined by lib/i18n/resources. */
export const usersI18n = { 'pt-BR': usersPtBR, en: usersEn, es: usersEs };
