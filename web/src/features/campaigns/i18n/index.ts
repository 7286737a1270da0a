import { campaignsEn } from './en';
import { campaignsEs } from './es';
import { campaignsPtBR } from './pt-BR';

/** The campaigns namespace in every language, combined by lib/i18n/resources. */
export const campaignsI18n = { 'pt-BR': campaignsPtBR, en: campaignsEn, es: campaignsEs };
