import { useEffect, useState } from 'react';

/** From this width the list and the conversation sit side by side (the lineage's md). */
export const WIDE_QUERY = '(min-width: 900px)';

/** Whether the screen is wide enough for the split view, following resizes. */
export function useWideScreen(): boolean {
  const [wide, setWide] = useState(() => window.matchMedia(WIDE_QUERY).matches);
  useEffect(() => {
    const media = window.matchMedia(WIDE_QUERY);
    const onChange = () => setWide(media.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  return wide;
}
