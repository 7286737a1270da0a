import type { WhatsappView } from '@atendo/domain';
import {
  CheckCircle2,
  CircleSlash,
  Loader2,
  QrCode,
  RefreshCw,
  SignalHigh,
  TimerOff,
  WifiOff,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { useRouteMutation } from '@/lib/cache/use-route-mutation';
import { toastError } from '@/lib/errors';

type Connection = Pick<WhatsappView, 'id' | 'name' | 'status'> & { channel?: string };

const STOP_REASONS = ['replaced', 'banned', 'refused', 'outdated', 'mismatch'] as const;
const isStopReason = (r: string | null | undefined): r is (typeof STOP_REASONS)[number] =>
  (STOP_REASONS as readonly (string | null | undefined)[]).includes(r);

/**
 * The status column: an icon and the status in words; when WhatsApp ended the session for good
 * (another login, a ban, an outdated client), what the admin must do.
 */
export function ConnectionStatus({ status, reason }: { status: string; reason?: string | null }) {
  const { t } = useTranslation();
  const known = isKnownStatus(status);
  const Icon =
    status === 'CONNECTED'
      ? CheckCircle2
      : status === 'qrcode'
        ? QrCode
        : status === 'OPENING'
          ? Loader2
          : status === 'PAIRING'
            ? SignalHigh
            : status === 'TIMEOUT'
              ? TimerOff
              : status === 'DISCONNECTED'
                ? WifiOff
                : CircleSlash;
  const tone =
    status === 'CONNECTED'
      ? 'text-green-600'
      : status === 'OPENING' || status === 'qrcode'
        ? 'text-amber-600'
        : 'text-destructive';
  return (
    <>
      <span className="inline-flex items-center gap-1.5" data-status={status}>
        <Icon
          className={`size-4 ${tone} ${status === 'OPENING' ? 'animate-spin' : ''}`}
          aria-hidden
        />
        <span className="text-sm">{known ? t(`connections.statuses.${status}`) : status}</span>
      </span>
      {status === 'DISCONNECTED' && isStopReason(reason) ? (
        <span
          role="note"
          className="text-destructive mt-1 block max-w-xs text-xs"
          data-reason={reason}
        >
          {t(`connections.stopReasons.${reason}`)}
        </span>
      ) : null}
    </>
  );
}

const STATUSES = ['DISCONNECTED', 'OPENING', 'qrcode', 'CONNECTED', 'PAIRING', 'TIMEOUT'] as const;
function isKnownStatus(status: string): status is (typeof STATUSES)[number] {
  return (STATUSES as readonly string[]).includes(status);
}

/**
 * The session column (docs/product/connections.md#connection-status): DISCONNECTED offers try again (start) and a new QR code,
 * qrcode the QR modal, CONNECTED/PAIRING/TIMEOUT a disconnect (confirmed first), OPENING a
 * disabled "connecting".
 */
export function StatusActions({
  connection,
  onShowQr,
}: {
  connection: Connection;
  onShowQr: (id: number) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const start = useRouteMutation('sessionStart');
  const renew = useRouteMutation('sessionRenew');
  const stop = useRouteMutation('sessionStop');
  const params = { id: connection.id };

  const run = async (call: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await call();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  switch (connection.status) {
    case 'DISCONNECTED':
      return (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => void run(() => start.mutateAsync({ params }))}
          >
            <RefreshCw />
            {t('connections.buttons.tryAgain')}
          </Button>
          {/* Only a WhatsApp (Baileys) session pairs by QR code; webhook channels have none. */}
          {(connection.channel ?? 'whatsapp') === 'whatsapp' ? (
            <Button
              size="sm"
              disabled={busy}
              onClick={() => void run(() => renew.mutateAsync({ params }))}
            >
              <QrCode />
              {t('connections.buttons.newQr')}
            </Button>
          ) : null}
        </div>
      );
    case 'qrcode':
      return (
        <Button size="sm" onClick={() => onShowQr(connection.id)}>
          <QrCode />
          {t('connections.buttons.qrcode')}
        </Button>
      );
    case 'CONNECTED':
    case 'PAIRING':
    case 'TIMEOUT':
      return (
        <>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => setConfirming(true)}>
            {t('connections.buttons.disconnect')}
          </Button>
          <ConfirmDialog
            open={confirming}
            title={t('connections.confirmDisconnectTitle', { name: connection.name })}
            description={t('connections.confirmDisconnect')}
            confirmLabel={t('connections.buttons.disconnect')}
            cancelLabel={t('connections.cancel')}
            destructive
            onConfirm={() => void run(() => stop.mutateAsync({ params }))}
            onClose={() => setConfirming(false)}
          />
        </>
      );
    case 'OPENING':
      return (
        <Button size="sm" variant="outline" disabled>
          <Loader2 className="animate-spin" />
          {t('connections.buttons.connecting')}
        </Button>
      );
    default:
      return null;
  }
}
