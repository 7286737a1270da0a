import { helpsEn } from './en';
import { helpsEs } from './es';
import { helpsPtBR } from './pt-BR';

/** The helps namespace in every language, combined by lib/i18n/resources. */
export const helpsI18n = {
  'pt-BR': helpsPtBR,
  en: helpsEn,
  es: helpsEs,
};
