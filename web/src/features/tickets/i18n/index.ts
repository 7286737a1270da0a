import { ticketsEn } from './en';
import { ticketsEs } from './es';
import { ticketsPtBR } from './pt-BR';
import { ticketsTr } from './tr';

/** The tickets namespace in every language, combined by lib/i18n/resources. */
export const ticketsI18n = { 'pt-BR': ticketsPtBR, en: ticketsEn, es: ticketsEs, tr: ticketsTr };
