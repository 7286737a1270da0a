import { whitelabelEn } from './en';
import { whitelabelEs } from './es';
import { whitelabelPtBR } from './pt-BR';

/** The whitelabel namespace in every language, combined by lib/i18n/resources. */
export const whitelabelI18n = {
  'pt-BR': whitelabelPtBR,
  en: whitelabelEn,
  es: whitelabelEs,
};
