import { filesEn } from './en';
import { filesEs } from './es';
import { filesPtBR } from './pt-BR';

/** The file lists namespace in every language, combined by lib/i18n/resources. */
export const filesI18n = {
  'pt-BR': filesPtBR,
  en: filesEn,
  es: filesEs,
};
