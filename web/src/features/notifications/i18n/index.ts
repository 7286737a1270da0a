import { notificationsEn } from './en';
import { notificationsEs } from './es';
import { notificationsPtBR } from './pt-BR';

/** The notifications namespace in every language, combined by lib/i18n/resources. */
export const notificationsI18n = {
  'pt-BR': notificationsPtBR,
  en: notificationsEn,
  es: notificationsEs,
};
