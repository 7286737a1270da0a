import { quickMessagesEn } from './en';
import { quickMessagesEs } from './es';
import { quickMessagesPtBR } from './pt-BR';

/** The quick messages namespace in every language, combined by lib/i18n/resources. */
export const quickMessagesI18n = {
  'pt-BR': quickMessagesPtBR,
  en: quickMessagesEn,
  es: quickMessagesEs,
};
