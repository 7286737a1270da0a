import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useConnections } from './queries';

/**
 * The QR code of a connection waiting to be paired, read from the live connections list (the
 * shell's socket binding writes session updates into it). It closes by itself when a session
 * update arrives with an empty QR code (docs/product/connections.md#connection-status): paired, or the session went away.
 */
export function QrModal({
  whatsappId,
  onClose,
}: {
  whatsappId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { data } = useConnections();
  const connection = whatsappId === null ? undefined : data?.find((w) => w.id === whatsappId);
  const openedWith = useRef<typeof connection>(undefined);

  useEffect(() => {
    if (whatsappId === null) {
      openedWith.current = undefined;
      return;
    }
    if (!connection) return;
    // The record the modal opened on: only a later update (a new object) may close it.
    if (openedWith.current === undefined) {
      openedWith.current = connection;
      return;
    }
    if (connection !== openedWith.current && !connection.qrcode) onClose();
  }, [whatsappId, connection, onClose]);

  return (
    <Dialog open={whatsappId !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent closeLabel={t('qrModal.close')} className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('qrModal.title')}</DialogTitle>
          <DialogDescription>{t('qrModal.description')}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col items-center gap-3 py-2">
          {connection?.qrcode ? (
            <div className="rounded-md bg-white p-3">
              <QRCodeSVG
                value={connection.qrcode}
                size={256}
                role="img"
                aria-label={t('qrModal.title')}
                data-testid="connection-qrcode"
              />
            </div>
          ) : (
            <p className="text-muted-foreground">{t('qrModal.waiting')}</p>
          )}
          {connection?.retries ? (
            <p className="text-sm text-muted-foreground">
              {t('qrModal.retries', { count: connection.retries })}
            </p>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
