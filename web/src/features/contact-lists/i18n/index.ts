import { contactListsEn } from './en';
import { contactListsEs } from './es';
import { contactListsPtBR } from './pt-BR';

/** The contact lists namespace in every language, combined by lib/i18n/resources. */
export const contactListsI18n = {
  'pt-BR': contactListsPtBR,
  en: contactListsEn,
  es: contactListsEs,
};
