import { Volume2, VolumeX } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { lazyNamed } from '@/lib/lazy';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { parseVolume, VOLUME_STEP } from './volume';

// The slider's code loads when the popover first opens, not with every page.
const Slider = lazyNamed(() => import('@/components/ui/slider'), 'Slider');

/** The notification-sound volume, kept locally as `volume`. */
export function VolumePopover() {
  const { t } = useTranslation();
  const [volume, setVolume] = useState(() => parseVolume(readStorage(STORAGE_KEYS.volume)));
  const change = ([value]: number[]) => {
    const next = parseVolume(String(value ?? 1));
    setVolume(next);
    writeStorage(STORAGE_KEYS.volume, String(next));
  };
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('shell.volume')}
          title={t('shell.volume')}
        >
          {volume === 0 ? <VolumeX /> : <Volume2 />}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-56" align="end">
        <div className="flex items-center gap-3">
          <VolumeX className="size-4 text-muted-foreground" aria-hidden />
          <Suspense fallback={<div className="h-4 w-full" />}>
            <Slider
              min={0}
              max={1}
              step={VOLUME_STEP}
              value={[volume]}
              onValueChange={change}
              aria-label={t('shell.volume')}
            />
          </Suspense>
          <Volume2 className="size-4 text-muted-foreground" aria-hidden />
        </div>
      </PopoverContent>
    </Popover>
  );
}
