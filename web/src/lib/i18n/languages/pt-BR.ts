import { mergeNamespaces } from './merge';

/** Every Portuguese (Brazil) text of the console (the default and fallback language, part of the console's first load). */
export default mergeNamespaces(
  import.meta.glob<Record<string, object>>(
    [
      '../../../features/*/i18n/pt-BR.ts',
      '../../../components/i18n/pt-BR.ts',
      '../common/pt-BR.ts',
    ],
    { eager: true },
  ),
);
