import { kanbanEn } from './en';
import { kanbanEs } from './es';
import { kanbanPtBR } from './pt-BR';

/** The kanban namespace in every language, combined by lib/i18n/resources. */
export const kanbanI18n = {
  'pt-BR': kanbanPtBR,
  en: kanbanEn,
  es: kanbanEs,
};
