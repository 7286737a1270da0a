import { chatsEn } from './en';
import { chatsEs } from './es';
import { chatsPtBR } from './pt-BR';

/** The internal chat namespace in every language, combined by lib/i18n/resources. */
export const chatsI18n = {
  'pt-BR': chatsPtBR,
  en: chatsEn,
  es: chatsEs,
};
