import type { HelpView } from '@atendo/domain';
import { PlayCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { HelpPlayerDialog } from './help-player-dialog';
import { useHelps } from './queries';
import { youtubeThumbnail } from './youtube';

/**
 * /helps (docs/product/settings.md Help articles page): a grid of video cards (thumbnail, title, description);
 * a card opens its video in a modal player.
 */
export function HelpsPage() {
  const { t } = useTranslation();
  const helps = useHelps();
  const [playing, setPlaying] = useState<HelpView | null>(null);

  return (
    <div className="p-6">
      <PageHeader title={t('helps.title')} />
      {helps.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('helps.loadFailed')}
        </p>
      ) : null}
      {helps.isSuccess && helps.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('helps.empty')}</p>
      ) : null}
      <ul
        aria-label={t('helps.title')}
        aria-busy={helps.isPending}
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
      >
        {(helps.data ?? []).map((help) => (
          <li key={help.id}>
            <HelpCard help={help} onPlay={() => setPlaying(help)} />
          </li>
        ))}
      </ul>
      <HelpPlayerDialog help={playing} onClose={() => setPlaying(null)} />
    </div>
  );
}

function HelpCard({ help, onPlay }: { help: HelpView; onPlay: () => void }) {
  const { t } = useTranslation();
  const body = (
    <>
      <div className="relative aspect-video w-full overflow-hidden rounded-t-lg bg-muted">
        {help.video ? (
          <>
            <img
              src={youtubeThumbnail(help.video)}
              alt=""
              loading="lazy"
              className="size-full object-cover"
            />
            <PlayCircle
              aria-hidden
              className="absolute top-1/2 left-1/2 size-12 -translate-x-1/2 -translate-y-1/2 text-white drop-shadow"
            />
          </>
        ) : (
          <span className="flex size-full items-center justify-center text-xs text-muted-foreground">
            {t('helps.noVideo')}
          </span>
        )}
      </div>
      <div className="grid gap-1 p-4 text-left">
        <h2 className="font-semibold leading-snug">{help.title}</h2>
        {help.description ? (
          <p className="line-clamp-3 text-sm text-muted-foreground">{help.description}</p>
        ) : null}
      </div>
    </>
  );
  const card = 'block h-full w-full overflow-hidden rounded-lg border bg-card text-card-foreground';
  return help.video ? (
    <button
      type="button"
      aria-label={t('helps.play', { title: help.title })}
      onClick={onPlay}
      className={`${card} cursor-pointer transition-shadow hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none`}
    >
      {body}
    </button>
  ) : (
    <div className={card}>{body}</div>
  );
}
