import { dashboardEn } from './en';
import { dashboardEs } from './es';
import { dashboardPtBR } from './pt-BR';

/** The dashboard namespace in every language, combined by lib/i18n/resources. */
export const dashboardI18n = { 'pt-BR': dashboardPtBR, en: dashboardEn, es: dashboardEs };
