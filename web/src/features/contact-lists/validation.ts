import { translateValidation } from '@/lib/validation';

/** A shared list schema's message in the current language (the list forms' own texts first). */
export function contactListValidationText(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return translateValidation(message, 'contactListValidation');
}
