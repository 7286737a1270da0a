import { contactsEn } from './en';
import { contactsEs } from './es';
import { contactsPtBR } from './pt-BR';

/** The contacts namespace in every language, combined by lib/i18n/resources. */
export const contactsI18n = { 'pt-BR': contactsPtBR, en: contactsEn, es: contactsEs };
