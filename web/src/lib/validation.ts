import { validationCode } from '@atendo/domain';
import { translateRuntimeKey } from './i18n';

/**
 * Shows a shared schema's validation message in the current language. The text is the api's
 * contract, not a key: it is translated by its neutral code (docs/development.md#validation-messages),
 * under the feature's `group` first when it words a rule its own way (`userValidation.tooLong`;
 * several groups are read in order, the form's own before the shared forms'), then under the
 * common `validation` group; a text without a code shows as it came.
 */
export function translateValidation(
  message: string | undefined,
  group?: string | readonly string[],
): string | undefined {
  if (!message) return undefined;
  const code = validationCode(message);
  if (!code) return message;
  const groups = group === undefined ? [] : typeof group === 'string' ? [group] : group;
  for (const g of groups) {
    const text = translateRuntimeKey(`${g}.${code}`);
    if (text !== null) return text;
  }
  return translateRuntimeKey(`validation.${code}`) ?? message;
}
