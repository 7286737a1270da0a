import { companiesEn } from './en';
import { companiesEs } from './es';
import { companiesPtBR } from './pt-BR';

/** The companies namespace in every language, combined by lib/i18n/resources. */
export const companiesI18n = { 'pt-BR': companiesPtBR, en: companiesEn, es: companiesEs };
