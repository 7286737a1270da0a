import { allConnectionsEn } from './en';
import { allConnectionsEs } from './es';
import { allConnectionsPtBR } from './pt-BR';

/** The all-connections namespace in every language, combined by lib/i18n/resources. */
export const allConnectionsI18n = {
  'pt-BR': allConnectionsPtBR,
  en: allConnectionsEn,
  es: allConnectionsEs,
};
