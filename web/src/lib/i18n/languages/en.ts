import { mergeNamespaces } from './merge';

/** Every English text of the console (loaded when English is the chosen language). */
export default mergeNamespaces(
  import.meta.glob<Record<string, object>>(
    ['../../../features/*/i18n/en.ts', '../../../components/i18n/en.ts', '../common/en.ts'],
    { eager: true },
  ),
);
