import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Search waits this long after the last keystroke (docs/product/campaigns.md#limits-and-defaults). */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * A list's search box kept in the URL (`?search=`): the box answers at once, the URL (and
 * so the query) follows 500 ms after the last keystroke.
 */
export function useUrlSearch(): [text: string, setText: (v: string) => void, settled: string] {
  const [params, setParams] = useSearchParams();
  const settled = params.get('search') ?? '';
  const [text, setText] = useState(settled);
  useEffect(() => {
    const timer = setTimeout(() => {
      const value = text.trim();
      if (value === settled) return;
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value) next.set('search', value);
          else next.delete('search');
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, settled, setParams]);
  return [text, setText, settled];
}
