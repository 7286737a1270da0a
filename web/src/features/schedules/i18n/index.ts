import { schedulesEn } from './en';
import { schedulesEs } from './es';
import { schedulesPtBR } from './pt-BR';

/** The schedules namespace in every language, combined by lib/i18n/resources. */
export const schedulesI18n = {
  'pt-BR': schedulesPtBR,
  en: schedulesEn,
  es: schedulesEs,
};
