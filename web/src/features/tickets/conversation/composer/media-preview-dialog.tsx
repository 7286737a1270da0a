import { FileText } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';

/** Files chosen (or a camera photo) shown before sending, each with its caption. */
export function MediaPreviewDialog({
  files,
  onCancel,
  onSend,
}: {
  files: File[];
  onCancel(): void;
  onSend(items: { file: File; caption: string }[]): Promise<void>;
}) {
  const { t } = useTranslation();
  const [captions, setCaptions] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const previews = useMemo(
    () => files.map((f) => (f.type.startsWith('image/') ? URL.createObjectURL(f) : null)),
    [files],
  );
  useEffect(() => {
    setCaptions(files.map(() => ''));
    return () => previews.forEach((p) => p && URL.revokeObjectURL(p));
  }, [files, previews]);

  const send = async () => {
    setSending(true);
    try {
      await onSend(files.map((file, i) => ({ file, caption: captions[i] ?? '' })));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={files.length > 0} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent closeLabel={t('tickets.chat.close')}>
        <DialogHeader>
          <DialogTitle>{t('tickets.chat.mediaPreview')}</DialogTitle>
        </DialogHeader>
        <div className="flex max-h-[60vh] flex-col gap-3 overflow-y-auto">
          {files.map((file, i) => (
            <div key={`${file.name}-${i}`} className="flex flex-col gap-1">
              {previews[i] ? (
                <img src={previews[i]!} alt={file.name} className="max-h-48 self-center rounded" />
              ) : (
                <div className="flex items-center gap-2 text-sm">
                  <FileText className="size-5" />
                  {file.name}
                </div>
              )}
              <Input
                value={captions[i] ?? ''}
                onChange={(e) =>
                  setCaptions((all) => all.map((c, j) => (j === i ? e.target.value : c)))
                }
                placeholder={t('tickets.chat.caption')}
                aria-label={`${t('tickets.chat.caption')} ${file.name}`}
              />
            </div>
          ))}
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onCancel}>
            {t('tickets.chat.cancel')}
          </Button>
          <Button disabled={sending} onClick={() => void send()}>
            {t('tickets.chat.send')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
