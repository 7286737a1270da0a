import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStorage, STORAGE_KEYS, writeStorage } from '../storage';
import { en } from './locales/en';
import { es } from './locales/es';
import { ptBR } from './locales/pt-BR';

export const LANGUAGES = ['pt-BR', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt-BR';

export const resources = {
  'pt-BR': { translation: ptBR },
  en: { translation: en },
  es: { translation: es },
} as const;

/** The language to start in: the saved choice when it is one we have, else Portuguese. */
export function initialLanguage(saved: string | null): Language {
  return (LANGUAGES as readonly string[]).includes(saved ?? '')
    ? (saved as Language)
    : DEFAULT_LANGUAGE;
}

/** Creates and initialises an i18next instance (the app's singleton, or a fresh one in tests). */
export function createI18n(
  lng: Language = initialLanguage(readStorage(STORAGE_KEYS.language)),
): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  return instance;
}

export const i18n = createI18n();

/** Switches the console's language and remembers the choice. */
export function changeLanguage(lng: Language): void {
  writeStorage(STORAGE_KEYS.language, lng);
  void i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
}
