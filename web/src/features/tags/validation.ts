import { translateValidation } from '@/lib/validation';

/** A shared tag schema's message in the current language (the tag forms' own texts first). */
export function tagValidationText(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return translateValidation(message, 'tagValidation');
}
