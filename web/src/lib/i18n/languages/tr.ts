import en from './en';
import { mergeNamespaces } from './merge';

/**
 * Every Turkish text of the console: the features translated to Turkish (shell, tickets, the
 * shared texts and components) over the English texts, which the other features show in
 * Turkish (PARTIAL_LANGUAGES; a test checks this equals the registry's).
 */
export default Object.assign(
  {},
  en,
  mergeNamespaces(
    import.meta.glob<Record<string, object>>(
      ['../../../features/*/i18n/tr.ts', '../../../components/i18n/tr.ts', '../common/tr.ts'],
      { eager: true },
    ),
  ),
);
