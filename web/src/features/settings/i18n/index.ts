import { settingsEn } from './en';
import { settingsEs } from './es';
import { settingsPtBR } from './pt-BR';

/** The settings namespace in every language, combined by lib/i18n/resources. */
export const settingsI18n = { 'pt-BR': settingsPtBR, en: settingsEn, es: settingsEs };
