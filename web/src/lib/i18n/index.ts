import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStorage, STORAGE_KEYS, writeStorage } from '../storage';
import ptBR from './languages/pt-BR';
import { LANGUAGES, PARTIAL_LANGUAGES, type Language } from './language-list';
import type { Messages } from './resources';

export { LANGUAGES, PARTIAL_LANGUAGES, type Language };
export const DEFAULT_LANGUAGE: Language = 'pt-BR';

/**
 * The other languages' texts, each its own chunk fetched when it is chosen: the first load
 * carries Portuguese only (the default, and the fallback of any key).
 */
const LOADERS: Record<Exclude<Language, 'pt-BR'>, () => Promise<{ default: Messages }>> = {
  en: () => import('./languages/en'),
  es: () => import('./languages/es'),
  tr: () => import('./languages/tr'),
};

/** The language to start in: the saved choice when it is one we have, else Portuguese. */
export function initialLanguage(saved: string | null): Language {
  return (LANGUAGES as readonly string[]).includes(saved ?? '')
    ? (saved as Language)
    : DEFAULT_LANGUAGE;
}

/**
 * Creates and initialises an i18next instance (the app's singleton, or a fresh one in tests)
 * with the Portuguese texts; `loadLanguage` adds another language's before it is shown.
 */
export function createI18n(
  lng: Language = initialLanguage(readStorage(STORAGE_KEYS.language)),
): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { [DEFAULT_LANGUAGE]: { translation: ptBR } },
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

/** Makes `lng`'s texts available to `instance` (fetching them once); Portuguese always is. */
export async function loadLanguage(lng: Language, instance: I18n = i18n): Promise<void> {
  if (lng === 'pt-BR' || instance.hasResourceBundle(lng, 'translation')) return;
  const { default: texts } = await LOADERS[lng]();
  instance.addResourceBundle(lng, 'translation', texts);
}

/**
 * The typed `t` for a key known only at run time (an api error code, a shared schema's
 * message): its text, or null when no language has one. Static keys use `t` directly, where a
 * missing key is a compile error.
 */
export function translateRuntimeKey(key: string, instance: I18n = i18n): string | null {
  return instance.exists(key) ? (instance.t as unknown as (key: string) => string)(key) : null;
}

/** Switches the console's language (once its texts are loaded) and remembers the choice. */
export async function changeLanguage(lng: Language): Promise<void> {
  await loadLanguage(lng);
  writeStorage(STORAGE_KEYS.language, lng);
  await i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
}
