import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` for a named export: the component's module (and what only it imports) is
 * fetched the first time it renders, inside a `<Suspense>`. Keeps heavy screens, dialogs and
 * libraries out of the code every page loads.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bound React.lazy itself puts on T
export function lazyNamed<K extends string, M extends Record<K, ComponentType<any>>>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
