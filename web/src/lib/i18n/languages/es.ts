import { mergeNamespaces } from './merge';

/** Every Spanish text of the console (loaded when Spanish is the chosen language). */
export default mergeNamespaces(
  import.meta.glob<Record<string, object>>(
    ['../../../features/*/i18n/es.ts', '../../../components/i18n/es.ts', '../common/es.ts'],
    { eager: true },
  ),
);
