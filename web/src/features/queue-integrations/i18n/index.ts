import { queueIntegrationsEn } from './en';
import { queueIntegrationsEs } from './es';
import { queueIntegrationsPtBR } from './pt-BR';

/** The integrations namespace in every language, combined by lib/i18n/resources. */
export const queueIntegrationsI18n = {
  'pt-BR': queueIntegrationsPtBR,
  en: queueIntegrationsEn,
  es: queueIntegrationsEs,
};
