import { useEffect, useState } from 'react';

/** Below tailwind's `md` (48rem): the phone layout (drawer as a sheet, stacked composer). */
export const NARROW_QUERY = '(max-width: 767.98px)';

/** Whether the screen is below `md`, following resizes. */
export function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(() => window.matchMedia(NARROW_QUERY).matches);
  useEffect(() => {
    const media = window.matchMedia(NARROW_QUERY);
    const onChange = () => setNarrow(media.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  return narrow;
}
