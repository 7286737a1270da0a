import { createContext, useContext } from 'react';

/** Whether components may colour their text (off for NO_COLOR). */
export const ColorContext = createContext(true);

/** Returns a function that keeps a colour only when colours are on. */
export function useTint(): (color: string) => string | undefined {
  const enabled = useContext(ColorContext);
  return (color) => (enabled ? color : undefined);
}
