import { queuesEn } from './en';
import { queuesEs } from './es';
import { queuesPtBR } from './pt-BR';

/** The queues namespace in every language, combined by lib/i18n/resources. */
export const queuesI18n = { 'pt-BR': queuesPtBR, en: queuesEn, es: queuesEs };
