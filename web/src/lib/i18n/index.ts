import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStorage, STORAGE_KEYS, writeStorage } from '../storage';
import { LANGUAGES, resources, type Language } from './resources';

export { LANGUAGES, resources, type Language };
export const DEFAULT_LANGUAGE: Language = 'pt-BR';

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

/**
 * The typed `t` for a key known only at run time (an api error code, a shared schema's
 * message): its text, or null when no language has one. Static keys use `t` directly, where a
 * missing key is a compile error.
 */
export function translateRuntimeKey(key: string, instance: I18n = i18n): string | null {
  return instance.exists(key) ? (instance.t as unknown as (key: string) => string)(key) : null;
}

/** Switches the console's language and remembers the choice. */
export function changeLanguage(lng: Language): void {
  writeStorage(STORAGE_KEYS.language, lng);
  void i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
}
