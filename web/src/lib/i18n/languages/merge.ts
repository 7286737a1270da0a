import type { Messages } from '../resources';

/**
 * One language's texts as i18next's single `translation` resource: every namespace file of
 * that language (as `import.meta.glob` found them) merged. Each file exports its namespace's
 * key groups, which no other namespace shares; a test checks the result equals the registry's.
 */
export function mergeNamespaces(files: Record<string, Record<string, object>>): Messages {
  return Object.assign({}, ...Object.values(files).flatMap((exports) => Object.values(exports)));
}
