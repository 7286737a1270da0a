import type { HelpView } from '@atendo/domain';
import { useTranslation } from 'react-i18next';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { youtubeEmbed } from './youtube';

/**
 * The help video in a modal (docs/product/settings.md Help articles page): the privacy-enhanced YouTube player,
 * closed by Escape, the close button or a click outside; closing unmounts the player, so the
 * video stops.
 */
export function HelpPlayerDialog({
  help,
  onClose,
}: {
  help: HelpView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={!!help} onOpenChange={(open) => !open && onClose()}>
      {/* Wider than the other dialogs: a video needs the room. */}
      <DialogContent closeLabel={t('common.close')} className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{help?.title}</DialogTitle>
          {help?.description ? <DialogDescription>{help.description}</DialogDescription> : null}
        </DialogHeader>
        {help?.video ? (
          <div className="aspect-video w-full overflow-hidden rounded-md bg-black">
            <iframe
              src={youtubeEmbed(help.video)}
              title={t('helps.player', { title: help.title })}
              className="size-full"
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
