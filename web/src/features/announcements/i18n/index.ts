import { announcementsEn } from './en';
import { announcementsEs } from './es';
import { announcementsPtBR } from './pt-BR';

/** The announcements namespace in every language, combined by lib/i18n/resources. */
export const announcementsI18n = {
  'pt-BR': announcementsPtBR,
  en: announcementsEn,
  es: announcementsEs,
};
