import { commonEn } from './en';
import { commonEs } from './es';
import { commonPtBR } from './pt-BR';
import { commonTr } from './tr';

/** The common namespace in every language, combined by lib/i18n/resources. */
export const commonI18n = { 'pt-BR': commonPtBR, en: commonEn, es: commonEs, tr: commonTr };
