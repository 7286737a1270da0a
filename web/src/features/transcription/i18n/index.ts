import { transcriptionEn } from './en';
import { transcriptionEs } from './es';
import { transcriptionPtBR } from './pt-BR';

/** The transcription namespace in every language, combined by lib/i18n/resources. */
export const transcriptionI18n = {
  'pt-BR': transcriptionPtBR,
  en: transcriptionEn,
  es: transcriptionEs,
};
