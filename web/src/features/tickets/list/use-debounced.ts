import { useEffect, useState } from 'react';

/** Search waits this long after the last keystroke (docs/product/tickets.md#validation, docs/product/tickets.md#limits-and-constants). */
export const SEARCH_DEBOUNCE_MS = 500;

/** `value`, settled `ms` after its last change. */
export function useDebounced<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
