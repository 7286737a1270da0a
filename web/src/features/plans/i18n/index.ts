import { plansEn } from './en';
import { plansEs } from './es';
import { plansPtBR } from './pt-BR';

/** The plans namespace in every language, combined by lib/i18n/resources. */
export const plansI18n = { 'pt-BR': plansPtBR, en: plansEn, es: plansEs };
