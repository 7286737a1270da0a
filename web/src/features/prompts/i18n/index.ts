import { promptsEn } from './en';
import { promptsEs } from './es';
import { promptsPtBR } from './pt-BR';

/** The prompts namespace in every language, combined by lib/i18n/resources. */
export const promptsI18n = {
  'pt-BR': promptsPtBR,
  en: promptsEn,
  es: promptsEs,
};
