import { invoicesEn } from './en';
import { invoicesEs } from './es';
import { invoicesPtBR } from './pt-BR';

/** The invoices namespace in every language, combined by lib/i18n/resources. */
export const invoicesI18n = { 'pt-BR': invoicesPtBR, en: invoicesEn, es: invoicesEs };
