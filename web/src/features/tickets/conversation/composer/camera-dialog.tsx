import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { notify } from '@/lib/toast';

/** Takes a photo with the device camera; the photo goes on to the media preview. */
export function CameraDialog({
  open,
  onOpenChange,
  onCapture,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onCapture(file: File): void;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);

  useEffect(() => {
    if (!open) return;
    let current: MediaStream | null = null;
    let cancelled = false;
    navigator.mediaDevices
      ?.getUserMedia({ video: true })
      .then((s) => {
        if (cancelled) return s.getTracks().forEach((tr) => tr.stop());
        current = s;
        setStream(s);
        if (video.current) video.current.srcObject = s;
      })
      .catch(() => {
        notify.error(t('tickets.chat.cameraError'));
        onOpenChange(false);
      });
    return () => {
      cancelled = true;
      current?.getTracks().forEach((tr) => tr.stop());
      setStream(null);
    };
  }, [open, onOpenChange, t]);

  const capture = () => {
    const v = video.current;
    if (!v) return;
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext('2d')?.drawImage(v, 0, 0);
    canvas.toBlob(
      (blob) => {
        if (!blob) return;
        onCapture(new File([blob], `camera-${Date.now()}.jpg`, { type: 'image/jpeg' }));
        onOpenChange(false);
      },
      'image/jpeg',
      0.9,
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('tickets.chat.close')}>
        <DialogHeader>
          <DialogTitle>{t('tickets.chat.camera')}</DialogTitle>
        </DialogHeader>
        <video ref={video} autoPlay playsInline muted className="w-full rounded bg-black" />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('tickets.chat.cancel')}
          </Button>
          <Button disabled={!stream} onClick={capture}>
            {t('tickets.chat.takePhoto')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
