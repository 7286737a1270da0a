import { componentsEn } from './en';
import { componentsEs } from './es';
import { componentsPtBR } from './pt-BR';
import { componentsTr } from './tr';

/** The shared components' namespace in every language, combined by lib/i18n/resources. */
export const componentsI18n = {
  'pt-BR': componentsPtBR,
  en: componentsEn,
  es: componentsEs,
  tr: componentsTr,
};
