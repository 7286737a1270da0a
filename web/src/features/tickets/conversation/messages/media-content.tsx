import { Download, FileText, Gauge } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { fetchPrivateMedia, mediaFileName, usePrivateMedia } from '../media';

/** Playback rates of audio messages (docs/product/tickets.md#limits-and-constants), cycled by one button. */
export const AUDIO_RATES = [0.5, 1, 1.5, 2] as const;
export const AUDIO_RATE_KEY = 'audioMessageRate';

function readRate(): number {
  try {
    const stored = Number(localStorage.getItem(AUDIO_RATE_KEY));
    return (AUDIO_RATES as readonly number[]).includes(stored) ? stored : 1;
  } catch {
    return 1;
  }
}

/** An audio message: the player plus the rate button; the chosen rate is kept locally. */
export function AudioMessage({ url }: { url: string }) {
  const { t } = useTranslation();
  const src = usePrivateMedia(url);
  const ref = useRef<HTMLAudioElement>(null);
  const [rate, setRate] = useState(readRate);
  useEffect(() => {
    if (ref.current) ref.current.playbackRate = rate;
  }, [rate, src]);
  const next = () => {
    const value = AUDIO_RATES[(AUDIO_RATES.indexOf(rate as 1) + 1) % AUDIO_RATES.length]!;
    setRate(value);
    try {
      localStorage.setItem(AUDIO_RATE_KEY, String(value));
    } catch {
      // storage unavailable: the rate holds for this page view
    }
  };
  return (
    <div className="flex items-center gap-2">
      <audio ref={ref} controls src={src ?? undefined} className="h-10 max-w-64" />
      <Button
        type="button"
        size="sm"
        variant="ghost"
        onClick={next}
        aria-label={t('tickets.chat.audioRate')}
      >
        <Gauge className="size-4" />
        {rate}x
      </Button>
    </div>
  );
}

/** An image (opened full size in a new tab on click). */
export function ImageMessage({ url, alt }: { url: string; alt: string }) {
  const src = usePrivateMedia(url);
  if (!src) return <div className="bg-muted h-40 w-56 animate-pulse rounded" />;
  return (
    <a href={src} target="_blank" rel="noreferrer">
      <img src={src} alt={alt} className="max-h-72 max-w-full rounded object-cover" />
    </a>
  );
}

export function VideoMessage({ url }: { url: string }) {
  const src = usePrivateMedia(url);
  return <video controls src={src ?? undefined} className="max-h-72 max-w-full rounded" />;
}

/** Saves a private file under its own name. */
export async function downloadPrivate(url: string): Promise<void> {
  const blob = await fetchPrivateMedia(url);
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = mediaFileName(url);
  a.click();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

export function DocumentMessage({ url, body }: { url: string; body: string | null }) {
  const { t } = useTranslation();
  const name = mediaFileName(url);
  return (
    <div className="flex items-center gap-2 rounded border p-2">
      <FileText className="size-6 shrink-0" />
      <span className="min-w-0 flex-1 truncate text-sm">{body || name}</span>
      <Button
        type="button"
        size="icon"
        variant="ghost"
        aria-label={t('tickets.chat.download')}
        onClick={() => void downloadPrivate(url).catch(() => undefined)}
      >
        <Download className="size-4" />
      </Button>
    </div>
  );
}
