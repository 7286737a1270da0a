import { ApiError } from '@atendo/api-client';
import { translateRuntimeKey } from './i18n';
import { notify } from './toast';

/** The text shown when nothing better is known (docs/product/errors.md#error-catalogue). */
export const GENERIC_ERROR = 'An error occurred!';

interface Translator {
  exists: (key: string) => boolean;
  t: (key: string) => string;
}

/** What the shared handler shows for an error: its toast id (the code) and its text. */
export function describeError(
  err: unknown,
  translator: Translator,
): { id: string; message: string } {
  const body =
    err instanceof ApiError ? err.body : (err as { body?: { error?: unknown } } | null)?.body;
  const code = body?.error;
  if (typeof code === 'string' && code) {
    const key = `backendErrors.${code}`;
    return { id: code, message: translator.exists(key) ? translator.t(key) : code };
  }
  if (typeof err === 'string' && err) return { id: err, message: err };
  return { id: GENERIC_ERROR, message: GENERIC_ERROR };
}

/** The one error handler of the console: a translated toast identified by the error code. */
export function toastError(err: unknown): void {
  const { id, message } = describeError(err, {
    exists: (k) => translateRuntimeKey(k) !== null,
    t: (k) => translateRuntimeKey(k) ?? k,
  });
  notify.error(message, id);
}
