import { validationCode } from '@atendo/domain';
import { translateRuntimeKey } from './i18n';

/**
 * Shows a shared schema's validation message in the current language. The text is the api's
 * contract, not a key: it is translated by its neutral code (docs/development.md#validation-messages),
 * under `group` first when a feature words it its own way (`userValidation.tooLong`), then under
 * the common `validation` group; a text without a code shows as it came.
 */
export function translateValidation(
  message: string | undefined,
  group?: string,
): string | undefined {
  if (!message) return undefined;
  const code = validationCode(message);
  if (!code) return message;
  return (
    (group ? translateRuntimeKey(`${group}.${code}`) : null) ??
    translateRuntimeKey(`validation.${code}`) ??
    message
  );
}
