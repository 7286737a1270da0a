import { translateRuntimeKey } from './i18n';

/** Shows a shared schema's validation message in the current language (unknown ones as they are). */
export function translateValidation(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return translateRuntimeKey(`validation.${message}`) ?? message;
}
