import { shellEn } from './en';
import { shellEs } from './es';
import { shellPtBR } from './pt-BR';
import { shellTr } from './tr';

/** The shell namespace in every language, combined by lib/i18n/resources. */
export const shellI18n = { 'pt-BR': shellPtBR, en: shellEn, es: shellEs, tr: shellTr };
